import { describe, expect, it } from 'vitest';
import { ProcessError, realRunner } from '../../../main/engine/platform/run.ts';

const node = process.execPath;

describe('realRunner.run', () => {
  it('returns stdout, stderr and a non-zero exit code without throwing', async () => {
    const r = await realRunner.run(node, ['-e', 'process.stdout.write("out\\n"); process.stderr.write("err"); process.exit(3)']);
    expect(r).toEqual({ stdout: 'out\n', stderr: 'err', exitCode: 3 });
  });

  it('feeds input on stdin', async () => {
    const r = await realRunner.run(node, ['-e', 'process.stdin.pipe(process.stdout)'], { input: 'a\nb' });
    expect(r.stdout).toBe('a\nb');
  });

  it('rejects with a ProcessError marked notFound when the program does not exist', async () => {
    const err = await realRunner.run('/nonexistent/tb-no-such-program', ['x']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessError);
    expect((err as ProcessError).notFound).toBe(true);
    expect((err as ProcessError).command).toBe('/nonexistent/tb-no-such-program');
  });

  it('rejects with timedOut when the time limit passes', async () => {
    const err = await realRunner.run(node, ['-e', 'setTimeout(() => {}, 10000)'], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessError);
    expect((err as ProcessError).details.timedOut).toBe(true);
  });

  it('rejects as aborted when the signal fires', async () => {
    const ac = new AbortController();
    const p = realRunner.run(node, ['-e', 'setTimeout(() => {}, 10000)'], { signal: ac.signal }).catch((e: unknown) => e);
    ac.abort();
    const err = await p;
    expect(err).toBeInstanceOf(ProcessError);
    expect((err as ProcessError).details.aborted).toBe(true);
  });

  it('removes inherited variables given as undefined and adds the others', async () => {
    process.env.TB_RUN_TEST_INHERITED = 'leak';
    try {
      const script = 'process.stdout.write(JSON.stringify([process.env.TB_RUN_TEST_INHERITED ?? null, process.env.TB_ADDED ?? null]))';
      const r = await realRunner.run(node, ['-e', script], { env: { TB_RUN_TEST_INHERITED: undefined, TB_ADDED: 'yes' } });
      expect(JSON.parse(r.stdout)).toEqual([null, 'yes']);
    } finally {
      delete process.env.TB_RUN_TEST_INHERITED;
    }
  });
});

describe('realRunner.spawnLongLived', () => {
  it('streams stdin to stdout and reports the exit after stdin closes', async () => {
    const p = realRunner.spawnLongLived(node, ['-e', 'process.stdin.pipe(process.stdout)']);
    const chunks: Buffer[] = [];
    p.onStdout((c) => chunks.push(c));
    expect(p.write('hello\n')).toBe(true);
    p.endInput();
    const exit = await p.exited;
    expect(exit).toEqual({ exitCode: 0, signal: null, error: null });
    expect(Buffer.concat(chunks).toString()).toBe('hello\n');
  });

  it('reports a missing program through exited, without throwing', async () => {
    const p = realRunner.spawnLongLived('/nonexistent/tb-no-such-program', []);
    const exit = await p.exited;
    expect(exit.error?.notFound).toBe(true);
    expect(p.write('x')).toBe(false);
  });

  it('survives writes after the child died', async () => {
    const p = realRunner.spawnLongLived(node, ['-e', 'process.exit(0)']);
    await p.exited;
    expect(() => p.write('late\n')).not.toThrow();
  });
});
