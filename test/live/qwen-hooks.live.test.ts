/**
 * Qwen Code's own event channel with the real CLI (pinned, or the newest with --latest): `trailboss hooks
 * install --runtime qwen` adds our forwarders to the sandbox's `~/.qwen/settings.json` beside a user's tap
 * hook. The engine hears PermissionRequest (a permission fact: the command as subject, no key), the pane's
 * parse gives the one permission item its key, approve runs the command once, and UserPromptSubmit,
 * PermissionRequest, Notification, PostToolUse and Stop are counted. `hooks uninstall` puts the settings back
 * byte for byte.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';
import { readRuntimeArrivals } from '../../main/engine/hooks/runtime-arrivals.ts';
import { cli } from '../support/cli-context.ts';
import { poll } from '../support/poll.ts';
import type { LiveAgent } from './live-agent.ts';
import { START_TIMEOUT_MS, startLiveAgent } from './live-agent.ts';
import type { CliSandbox } from './sandbox.ts';
import { RAN_FILE, TRIGGERS } from './turns.ts';

function hooks(sub: 'install' | 'uninstall' | 'status', sandbox: CliSandbox, endpointFile: string) {
  return cli(['hooks', sub, '--runtime', 'qwen', ...(sub === 'status' ? ['--json'] : [])], {
    home: sandbox.home,
    env: { TRAILBOSS_HOME: dirname(endpointFile) },
  });
}

/** The user's own hook: appends each payload to tap.jsonl. */
const tap = (home: string) => `sh -c 'cat >> "${join(home, 'tap.jsonl')}"; echo >> "${join(home, 'tap.jsonl')}"'`;

describe('live qwen hooks', () => {
  let a: LiveAgent;
  let userSettings = '';
  const added: QueueItemDto[] = [];
  beforeAll(async () => {
    a = await startLiveAgent('qwen', {
      session: 'live-qwen-hooks',
      api: true,
      beforeStart: async (sandbox, h) => {
        const file = join(sandbox.home, '.qwen', 'settings.json');
        const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        settings['hooks'] = {
          PermissionRequest: [{ hooks: [{ type: 'command', command: tap(sandbox.home), timeout: 10 }] }],
          Stop: [{ hooks: [{ type: 'command', command: tap(sandbox.home), timeout: 10 }] }],
        };
        userSettings = `${JSON.stringify(settings, null, 2)}\n`;
        writeFileSync(file, userSettings);
        const run = await hooks('install', sandbox, h.engine.paths.endpoint);
        if (run.code !== 0) throw new Error(`hooks install --runtime qwen: ${run.stderr}`);
        h.engine.on('item:added', ({ item }) => void added.push(item));
      },
    });
  }, START_TIMEOUT_MS + 120_000);
  afterAll(async () => {
    await a?.dispose();
  });

  const arrivals = () => readRuntimeArrivals(a.h.engine.store, 'qwen');

  it(
    'the permission hook is heard; the pane gives the one permission item its key; approve runs the command once',
    async () => {
      await a.waitState('idle', 'qwen idle after start', START_TIMEOUT_MS);
      const before = a.file(RAN_FILE);
      await a.ask(`${TRIGGERS.shell} through the hooks`);
      // The hook's item comes first when the hook is heard before the pane is next read; either way the
      // PermissionRequest arrived, and the one permission item ends up with the pane's key.
      await poll(() => arrivals()['PermissionRequest'], 'the PermissionRequest hook', { timeoutMs: 90_000, intervalMs: 50 });
      expect(arrivals()['UserPromptSubmit']?.count).toBeGreaterThanOrEqual(1);
      const first = added.find((i) => i.sessionName === a.session && i.reason === 'permission');
      if (first?.approveLabel === null) expect(first).toMatchObject({ runtime: 'qwen', subject: 'Bash: echo ran >> ran.txt' });
      const agent = await a.waitState('permission', 'the pane parsed as a permission prompt', 60_000, (x) => x.prompt?.approveKey != null);
      expect(agent.prompt?.approveKey).toBe('1');
      const item = await poll(
        async () => (await a.items()).find((i) => i.reason === 'permission' && i.approveLabel !== null),
        "the permission item with the pane's key",
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      expect(item.approveLabel).toBe('Yes, allow once');
      expect((await a.items()).filter((i) => i.reason === 'permission')).toHaveLength(1);
      const answer = await a.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
      expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
      await poll(() => arrivals()['Stop'], 'Stop from the real CLI', { timeoutMs: 90_000, intervalMs: 100 });
      await a.waitState('idle', 'idle after the approved tool', 90_000);
      expect(a.file(RAN_FILE).split('\n').length - before.split('\n').length).toBe(1);
      expect(arrivals()['PostToolUse']?.count).toBeGreaterThanOrEqual(1);
      expect(arrivals()['Notification']?.count).toBeGreaterThanOrEqual(1);
      // The user's tap saw the same events (their hooks kept working beside ours; it may finish after ours).
      const tapFile = join(a.sandbox.home, 'tap.jsonl');
      await poll(() => readFileSync(tapFile, 'utf8').includes('"hook_event_name":"Stop"'), "the turn's end in the user's tap", {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      expect(readFileSync(tapFile, 'utf8')).toContain('"hook_event_name":"PermissionRequest"');
      const status = JSON.parse((await hooks('status', a.sandbox, a.h.engine.paths.endpoint)).stdout) as {
        details: { event: string; count: number }[];
      };
      expect(status.details.find((d) => d.event === 'Stop')?.count).toBeGreaterThanOrEqual(1);
    },
    START_TIMEOUT_MS + 300_000,
  );

  it('uninstall puts the settings back byte for byte', async () => {
    const run = await hooks('uninstall', a.sandbox, a.h.engine.paths.endpoint);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(join(a.sandbox.home, '.qwen', 'settings.json'), 'utf8')).toBe(userSettings);
  });
});
