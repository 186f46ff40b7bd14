/**
 * The opencode plugin with the real opencode (pinned, or the newest with --latest): `trailboss hooks
 * install --runtime opencode` puts it into the sandbox's `$XDG_CONFIG_HOME/opencode/plugins/`, opencode
 * loads it, and its events reach the real engine's loopback endpoint: `permission.asked` queues the
 * pane before the pane's own parse (no approve key yet), the pane then gives the key, approve runs the
 * tool exactly once, and the reply and the idle status arrive too. `hooks uninstall` removes the file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';
import { readOpencodeArrivals } from '../../main/engine/hooks/opencode-arrivals.ts';
import { cli } from '../support/cli-context.ts';
import { poll } from '../support/poll.ts';
import type { LiveAgent } from './live-agent.ts';
import { START_TIMEOUT_MS, startLiveAgent } from './live-agent.ts';
import type { CliSandbox } from './sandbox.ts';
import { RAN_FILE, TRIGGERS } from './turns.ts';

/** `trailboss hooks <sub> --runtime opencode` for the sandbox's opencode and the harness's engine. */
function hooks(sub: 'install' | 'uninstall' | 'status', sandbox: CliSandbox, endpointFile: string) {
  return cli(['hooks', sub, '--runtime', 'opencode', ...(sub === 'status' ? ['--json'] : [])], {
    home: sandbox.home,
    env: { TRAILBOSS_HOME: dirname(endpointFile), XDG_CONFIG_HOME: sandbox.env['XDG_CONFIG_HOME'] ?? '' },
  });
}

describe('live opencode plugin', () => {
  let a: LiveAgent;
  const added: QueueItemDto[] = [];
  beforeAll(async () => {
    a = await startLiveAgent('opencode', {
      session: 'live-opencode-plugin',
      api: true,
      beforeStart: async (sandbox, h) => {
        const run = await hooks('install', sandbox, h.engine.paths.endpoint);
        if (run.code !== 0) throw new Error(`hooks install --runtime opencode: ${run.stderr}`);
        h.engine.on('item:added', ({ item }) => void added.push(item));
      },
    });
  }, START_TIMEOUT_MS + 120_000);
  afterAll(async () => {
    await a?.dispose();
  });

  const pluginDir = () => join(a.sandbox.env['XDG_CONFIG_HOME'] ?? '', 'opencode', 'plugins');
  const arrivals = () => readOpencodeArrivals(a.h.engine.store);

  it(
    'install wrote only our plugin file; opencode starts with it and the engine sees it idle',
    async () => {
      expect(readdirSync(pluginDir())).toEqual(['trailboss.js']);
      const status = JSON.parse((await hooks('status', a.sandbox, a.h.engine.paths.endpoint)).stdout) as Record<string, unknown>;
      expect(status).toMatchObject({ state: 'installed', pluginPath: join(pluginDir(), 'trailboss.js') });
      await a.waitState('idle', 'opencode idle after start', START_TIMEOUT_MS);
    },
    START_TIMEOUT_MS + 60_000,
  );

  it('permission.asked from the real opencode queues the pane (no key yet); the pane gives the key; approve runs the tool once', async () => {
    const before = a.file(RAN_FILE);
    await a.ask(`${TRIGGERS.shell} through the plugin`);
    // The event-born item: the hook's tool and subject, and no approve label until the pane is parsed.
    const born = await poll(
      () => added.find((i) => i.sessionName === a.session && i.reason === 'permission'),
      'a permission item for the opencode pane',
      { timeoutMs: 90_000, intervalMs: 50 },
    );
    expect(born).toMatchObject({ runtime: 'opencode', subject: 'bash: echo ran >> ran.txt', approveLabel: null });
    expect(arrivals()['permission.asked']?.count).toBe(1);
    expect(arrivals()['session.status']?.count ?? 0).toBeGreaterThan(0);

    const agent = await a.waitState('permission', 'the pane parsed as a permission prompt', 60_000, (x) => x.prompt?.approveKey != null);
    expect(agent.prompt?.approveKey).toBe('Enter');
    const item = await poll(
      async () => (await a.items()).find((i) => i.id === born.id && i.approveLabel !== null),
      'the same item upgraded by the pane',
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const answer = await a.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    await poll(() => arrivals()['permission.replied'], 'permission.replied from the plugin', { timeoutMs: 60_000, intervalMs: 100 });
    await a.waitState('idle', 'idle after the approved tool', 90_000);
    expect(a.file(RAN_FILE).split('\n').length - before.split('\n').length).toBe(1);
    await poll(() => (arrivals()['session.status']?.count ?? 0) >= 2, 'session.status idle from the plugin', { timeoutMs: 30_000 });
  }, 300_000);

  it('uninstall removes the plugin file and nothing else', async () => {
    const run = await hooks('uninstall', a.sandbox, a.h.engine.paths.endpoint);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(join(pluginDir(), 'trailboss.js'))).toBe(false);
    expect(existsSync(join(a.sandbox.env['XDG_CONFIG_HOME'] ?? '', 'opencode', 'opencode.json'))).toBe(true);
    const status = JSON.parse((await hooks('status', a.sandbox, a.h.engine.paths.endpoint)).stdout) as Record<string, unknown>;
    expect(status).toMatchObject({ state: 'missing' });
  });
});
