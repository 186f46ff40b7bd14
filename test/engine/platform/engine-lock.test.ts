/**
 * The engine lock: held whole, refused while its owner lives, taken over when it is dead — and,
 * with several real processes racing over one stale lock many times, won by exactly one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireEngineLock, EngineLockedError } from '../../../main/engine/platform/engine-lock.ts';
import { tempDir } from '../http/http-helpers.ts';

const CONTENDER = fileURLToPath(new URL('./support/lock-contender.ts', import.meta.url));
const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));

/** A pid that is certainly dead: a process that already exited. */
function deadPid(): number {
  const pid = spawnSync('true').pid;
  if (!pid) throw new Error('could not spawn `true`');
  return pid;
}

let tmp: { dir: string; cleanup: () => void };
beforeAll(() => {
  tmp = tempDir('tb-lock');
});
afterAll(() => tmp.cleanup());

function fresh(name: string): string {
  const dir = join(tmp.dir, name);
  mkdirSync(dir);
  return join(dir, 'engine.lock');
}

describe('engine lock in one process', () => {
  it('refuses while the owner lives, and lets in the next engine once released', () => {
    const file = fresh('live');
    const lock = acquireEngineLock(file, process.pid);
    expect(() => acquireEngineLock(file, process.ppid)).toThrow(EngineLockedError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireEngineLock(file, process.ppid).release();
  });

  it('takes over a lock whose owner died, whatever the old lock holds (a bare pid, nothing, garbage)', () => {
    for (const [name, content] of [
      ['bare', `${deadPid()}`],
      ['empty', ''],
      ['garbage', 'not a pid\u0000'],
    ] as const) {
      const file = fresh(`stale-${name}`);
      writeFileSync(file, content);
      const lock = acquireEngineLock(file, process.pid);
      expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid} [0-9a-f]+\\n$`));
      lock.release();
      // Nothing is left beside it: no temp file, no takeover claim.
      expect(readdirSync(join(file, '..'))).toEqual([]);
    }
  });

  it('recovers from a takeover claim left by an engine that died while holding it', () => {
    const file = fresh('dead-claimant');
    writeFileSync(file, `${deadPid()} 0123abcd\n`);
    // A contender died between winning the claim and removing the stale lock.
    const claim = `${file}.takeover-${createHash('sha256').update('0123abcd').digest('hex').slice(0, 16)}`;
    writeFileSync(claim, `${deadPid()} feedface\n`);
    const lock = acquireEngineLock(file, process.pid);
    expect(readFileSync(file, 'utf8').startsWith(`${process.pid} `)).toBe(true);
    lock.release();
  });

  it('release leaves a lock that is not ours alone', () => {
    const file = fresh('not-ours');
    const lock = acquireEngineLock(file, process.pid);
    writeFileSync(file, `${process.ppid} someone-else\n`);
    lock.release();
    expect(readFileSync(file, 'utf8')).toBe(`${process.ppid} someone-else\n`);
  });
});

/** A contender process with a line reader on its stdout. */
interface Contender {
  readonly child: ChildProcess;
  readonly lines: Interface;
  next(): Promise<string>;
}

function startContender(): Contender {
  const child = spawn(NODE, ['--no-warnings', CONTENDER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else queue.push(line);
  });
  return {
    child,
    lines,
    next: () => {
      const line = queue.shift();
      return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

describe('engine lock raced by real processes', () => {
  it('over a stale lock, exactly one of four engines wins, every time (150 rounds)', async () => {
    const contenders = Array.from({ length: 4 }, startContender);
    try {
      for (const c of contenders) expect(await c.next()).toBe('ready');
      const dead = deadPid();
      const bad: string[] = [];
      for (let round = 0; round < 150; round++) {
        const file = fresh(`race-${round}`);
        // Alternate the old bare-pid form and the current form of a lock left by a killed engine.
        writeFileSync(file, round % 2 === 0 ? `${dead}` : `${dead} ${round.toString(16).padStart(8, '0')}\n`);
        for (const c of contenders) c.child.stdin!.write(`try ${file}\n`);
        const answers = await Promise.all(contenders.map((c) => c.next()));
        const winners = answers.filter((a) => a === 'won').length;
        const others = answers.filter((a) => a !== 'won');
        if (winners !== 1 || others.some((a) => !a.startsWith('locked '))) bad.push(`round ${round}: ${answers.join(', ')}`);
        for (const c of contenders) c.child.stdin!.write('release\n');
        for (const c of contenders) expect(await c.next()).toBe('released');
        rmSync(join(file, '..'), { recursive: true, force: true });
      }
      expect(bad).toEqual([]);
    } finally {
      for (const c of contenders) c.child.kill();
    }
  }, 120_000);
});
