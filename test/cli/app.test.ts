/** `trailboss app`: starts Electron on the package where it can; otherwise one line saying why, pointing at daemon --ui. */
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli-context.ts';
import { poll } from '../support/poll.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('trailboss app', () => {
  it('says in one line that there is no display, and points at daemon --ui', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-app-'));
    const run = await cli(['app'], { home, env: { DISPLAY: '', WAYLAND_DISPLAY: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^trailboss app: no graphical display here .*; run `trailboss daemon --ui` for the queue in your browser\n$/,
    );
  });

  it('says in one line when the Electron it was told to use is not there', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-app-'));
    const run = await cli(['app'], { home, env: { DISPLAY: ':99', TRAILBOSS_ELECTRON: join(home, 'no-electron') } });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('which does not exist; run `trailboss daemon --ui`');
  });

  it('starts the given Electron on the package root, detached, and exits 0', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-app-'));
    const seen = join(home, 'argv.txt');
    // A stand-in for the Electron binary (which cannot run here): it records what it was started with.
    const fake = join(home, 'electron');
    writeFileSync(fake, `#!/bin/sh\necho "$@" > '${seen}'\n`);
    chmodSync(fake, 0o755);
    const run = await cli(['app'], { home, env: { DISPLAY: ':99', TRAILBOSS_ELECTRON: fake } });
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining('Trail Boss started') });
    await poll(() => existsSync(seen) && readFileSync(seen, 'utf8').trim() === ROOT, 'the stand-in Electron ran with the package root');
    expect(existsSync(join(ROOT, 'dist', 'main', 'shell', 'main.js'))).toBe(true);
  }, 60_000);

  it('reports an Electron that dies at once with its exit code and last words, exit 2, not "started"', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-app-'));
    // A stand-in for a development Electron without a setuid chrome-sandbox: it aborts before the app runs.
    const fake = join(home, 'electron');
    writeFileSync(
      fake,
      "#!/bin/sh\necho '[1234:FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly.' >&2\nexit 133\n",
    );
    chmodSync(fake, 0o755);
    const run = await cli(['app'], { home, env: { DISPLAY: ':99', TRAILBOSS_ELECTRON: fake } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Electron exited at once with code 133');
    expect(run.stderr).toContain('The SUID sandbox helper binary was found, but is not configured correctly');
    expect(run.stderr).toContain('make chrome-sandbox setuid root');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
