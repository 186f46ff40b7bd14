import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realRunner } from '../../../main/engine/platform/run.ts';
import type { TestSshd } from '../../support/sshd.ts';
import { startSshd } from '../../support/sshd.ts';

describe('test sshd', () => {
  let sshd: TestSshd;
  beforeAll(async () => {
    sshd = await startSshd();
  });
  afterAll(async () => {
    await sshd?.dispose();
  });

  const ssh = (command: string) => realRunner.run('ssh', ['-F', sshd.sshConfig, sshd.alias, command], { timeoutMs: 15_000 });

  it('runs a command over real OpenSSH with the pinned host key', async () => {
    const r = await ssh('echo remote-ok');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('remote-ok\n');
  });

  it('refuses a changed host key (strict checking)', async () => {
    await sshd.changeHostKey();
    const r = await ssh('echo nope');
    expect(r.exitCode).toBe(255);
    expect(r.stderr).toMatch(/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key verification failed/);
    expect(r.stdout).toBe('');
  });
});
