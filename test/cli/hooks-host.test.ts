/**
 * `trailboss hooks install|status|uninstall --host NAME` against a real sshd on loopback whose
 * sessions have their own HOME (the "remote" user's), with no engine running.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli-context.ts';
import type { TestSshd } from '../support/sshd.ts';
import { REMOTE_PATH_WITH_NODE, startSshd } from '../support/sshd.ts';

let sshd: TestSshd;
let remoteHome: string;
let home: string;

beforeAll(async () => {
  remoteHome = mkdtempSync(join(tmpdir(), 'tb-cli-rhome-'));
  home = mkdtempSync(join(tmpdir(), 'tb-cli-hh-'));
  sshd = await startSshd({ sessionEnv: { HOME: remoteHome, PATH: REMOTE_PATH_WITH_NODE } });
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ hosts: [{ name: 'gpu', destination: sshd.alias, sockets: ['/tmp/none.sock'], sshConfig: sshd.sshConfig }] }),
  );
});
afterAll(async () => {
  await sshd?.dispose();
  for (const d of [remoteHome, home]) if (d) rmSync(d, { recursive: true, force: true });
});

describe('trailboss hooks --host', () => {
  it('installs on the host (no settings file before), reports it, and uninstalls back to no file', async () => {
    const settings = join(remoteHome, '.claude', 'settings.json');
    const installed = await cli(['hooks', 'install', '--host', 'gpu'], { home });
    expect(installed).toMatchObject({ code: 0, stderr: '' });
    expect(installed.stdout).toContain(`Trail Boss hooks installed on gpu in ${settings}`);
    expect(installed.stdout).toContain('there was no settings file before');
    // Found on the host's PATH (the sessions' PATH starts with the pinned Node), written as an absolute path.
    expect(installed.stdout).toContain(`node on gpu: ${resolve('node_modules/node/bin/node')} (v`);
    expect(readFileSync(settings, 'utf8')).toContain(`--socket '${join(remoteHome, '.trailboss-remote', 'hook.sock')}'`);

    const hostEntry = () => (JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as { hosts: Record<string, unknown>[] }).hosts[0];
    expect(hostEntry()).toMatchObject({ name: 'gpu', hooks: true });
    const again = await cli(['hooks', 'install', '--host', 'gpu'], { home });
    expect(again.stdout).toContain('nothing to change in the settings on gpu');

    const status = await cli(['hooks', 'status', '--host', 'gpu', '--json'], { home });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      host: 'gpu',
      state: 'installed',
      problem: null,
      forwarderUpToDate: true,
      socketState: 'absent',
      settingsPath: settings,
      forwarding: true,
    });

    const removed = await cli(['hooks', 'uninstall', '--host', 'gpu'], { home });
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toContain('the file is back to exactly what it was before install');
    expect(existsSync(settings)).toBe(false);
    expect(existsSync(join(remoteHome, '.trailboss-remote'))).toBe(false);
    expect(hostEntry()).not.toHaveProperty('hooks');
  }, 60_000);

  it('refuses a malformed settings file on the host without touching it, an unknown host, and a --node that is not there', async () => {
    mkdirSync(join(remoteHome, '.claude'), { recursive: true });
    const settings = join(remoteHome, '.claude', 'settings.json');
    writeFileSync(settings, '{ "model": ');
    const bad = await cli(['hooks', 'install', '--host', 'gpu'], { home });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/settings\.json/);
    expect(readFileSync(settings, 'utf8')).toBe('{ "model": ');
    expect(existsSync(join(remoteHome, '.trailboss-remote'))).toBe(false);
    rmSync(settings);

    expect((await cli(['hooks', 'install', '--host', 'nope'], { home })).code).toBe(2);
    const noNode = await cli(['hooks', 'install', '--host', 'gpu', '--node', '/nonexistent/node'], { home });
    expect(noNode.code).toBe(1);
    expect(noNode.stderr).toContain('Node.js not found there');
    expect((await cli(['hooks', 'install', '--runtime', 'codex', '--host', 'gpu'], { home })).code).toBe(2);
  }, 60_000);
});
