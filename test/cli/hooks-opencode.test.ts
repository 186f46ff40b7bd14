/**
 * `trailboss hooks install | uninstall | status --runtime opencode`, in-process on temp homes: our
 * plugin file goes into opencode's plugin directory (`$OPENCODE_CONFIG_DIR`, else
 * `$XDG_CONFIG_HOME/opencode`, else `~/.config/opencode`), install is idempotent, status says
 * installed / outdated / missing and when events last arrived, and a file of the same name we did
 * not write is never overwritten or removed. Claude's and Codex's settings are never touched.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOpencodeArrivals, storeOpencodeArrivals } from '../../main/engine/hooks/opencode-arrivals.ts';
import { OPENCODE_PLUGIN_MARKER, pluginText } from '../../main/engine/hooks/opencode-plugin.ts';
import { systemClock } from '../../main/engine/platform/clock.ts';
import { silentLogger } from '../../main/engine/platform/log.ts';
import { openStore } from '../../main/engine/store/index.ts';
import { cli } from '../support/cli-context.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-cli-opencode-hooks-'));
  dirs.push(dir);
  return dir;
}

const TEMPLATE = readFileSync(join(import.meta.dirname, '../../bin/trailboss-opencode-plugin.js'), 'utf8');
const status = async (home: string, env: Record<string, string> = {}) =>
  JSON.parse((await cli(['hooks', 'status', '--runtime', 'opencode', '--json'], { home, env })).stdout) as Record<string, unknown>;

describe('trailboss hooks --runtime opencode', () => {
  it('installs our plugin into ~/.config/opencode/plugins with the endpoint file written in; again changes nothing', async () => {
    const home = tempHome();
    const run = await cli(['hooks', 'install', '--runtime', 'opencode'], { home });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const file = join(home, '.config', 'opencode', 'plugins', 'trailboss.js');
    expect(run.stdout).toContain(file);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(`${OPENCODE_PLUGIN_MARKER}\n`)).toBe(true);
    expect(text).toContain(`const ENDPOINT_FILE = ${JSON.stringify(join(home, 'endpoint.json'))}; // trailboss:endpoint`);
    expect(text).toBe(pluginText(TEMPLATE, join(home, 'endpoint.json')));
    const again = await cli(['hooks', 'install', '--runtime', 'opencode'], { home });
    expect(again.stdout).toContain('nothing to change');
    expect(readdirSync(join(home, '.config', 'opencode', 'plugins'))).toEqual(['trailboss.js']);
    expect(await status(home)).toMatchObject({ state: 'installed', pluginPath: file, lastEventAt: null, problem: null });
    expect(existsSync(join(home, '.claude'))).toBe(false);
    expect(existsSync(join(home, '.codex'))).toBe(false);
  });

  it('honours OPENCODE_CONFIG_DIR, then XDG_CONFIG_HOME', async () => {
    const home = tempHome();
    const custom = join(home, 'oc-config');
    expect((await cli(['hooks', 'install', '--runtime', 'opencode'], { home, env: { OPENCODE_CONFIG_DIR: custom } })).code).toBe(0);
    expect(existsSync(join(custom, 'plugins', 'trailboss.js'))).toBe(true);
    const xdg = join(home, 'xdg');
    expect((await cli(['hooks', 'install', '--runtime', 'opencode'], { home, env: { XDG_CONFIG_HOME: xdg } })).code).toBe(0);
    expect(existsSync(join(xdg, 'opencode', 'plugins', 'trailboss.js'))).toBe(true);
    expect(existsSync(join(home, '.config'))).toBe(false);
  });

  it('status: missing, then installed, outdated after the file changed or the engine home moved', async () => {
    const home = tempHome();
    expect(await status(home)).toMatchObject({ state: 'missing' });
    await cli(['hooks', 'install', '--runtime', 'opencode'], { home });
    const file = join(home, '.config', 'opencode', 'plugins', 'trailboss.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('MAX_QUEUED = 64', 'MAX_QUEUED = 65'));
    expect(await status(home)).toMatchObject({ state: 'outdated', problem: expect.stringContaining('hooks install --runtime opencode') });
    await cli(['hooks', 'install', '--runtime', 'opencode'], { home });
    expect(await status(home)).toMatchObject({ state: 'installed' });
    const text = await cli(['hooks', 'status', '--runtime', 'opencode'], { home, env: { TRAILBOSS_HOME: join(home, 'elsewhere') } });
    expect(text.stdout).toContain('opencode plugin: outdated');
  });

  it('status reports the arrivals the engine counted in the store', async () => {
    const home = tempHome();
    await cli(['hooks', 'install', '--runtime', 'opencode'], { home });
    const store = openStore(join(home, 'trailboss.db'), { clock: systemClock, logger: silentLogger });
    const at = systemClock.now() - 5_000;
    storeOpencodeArrivals(store).record('permission.asked', at);
    storeOpencodeArrivals(store).record('permission.asked', at - 1000);
    store.hooks.recordEvent('Stop', at + 1000); // Claude's: not opencode's
    expect(readOpencodeArrivals(store)).toEqual({ 'permission.asked': { count: 2, lastAt: at } });
    store.close();
    const s = await status(home);
    expect(s).toMatchObject({ state: 'installed', lastEventAt: at });
    expect(s['details']).toContainEqual({ event: 'permission.asked', count: 2, lastAt: at });
    const text = (await cli(['hooks', 'status', '--runtime', 'opencode'], { home })).stdout;
    expect(text).toMatch(/permission\.asked\s+2 received, last \d+s ago/);
  });

  it('uninstall removes only our file; a second uninstall changes nothing', async () => {
    const home = tempHome();
    const pluginsDir = join(home, '.config', 'opencode', 'plugins');
    mkdirSync(pluginsDir, { recursive: true });
    writeFileSync(join(pluginsDir, 'mine.js'), 'export const Mine = async () => ({});\n');
    await cli(['hooks', 'install', '--runtime', 'opencode'], { home });
    const run = await cli(['hooks', 'uninstall', '--runtime', 'opencode'], { home });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(pluginsDir)).toEqual(['mine.js']);
    expect((await cli(['hooks', 'uninstall', '--runtime', 'opencode'], { home })).stdout).toContain('nothing to change');
    expect(await status(home)).toMatchObject({ state: 'missing' });
  });

  it('a trailboss.js we did not write is never overwritten or removed', async () => {
    const home = tempHome();
    const file = join(home, '.config', 'opencode', 'plugins', 'trailboss.js');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '// my own plugin\nexport const X = async () => ({});\n');
    const install = await cli(['hooks', 'install', '--runtime', 'opencode'], { home });
    expect(install.code).toBe(1);
    expect(install.stderr).toContain('not Trail Boss');
    const uninstall = await cli(['hooks', 'uninstall', '--runtime', 'opencode'], { home });
    expect(uninstall.code).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe('// my own plugin\nexport const X = async () => ({});\n');
    expect(await status(home)).toMatchObject({ state: 'foreign' });
  });
});
