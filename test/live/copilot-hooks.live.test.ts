/**
 * Copilot CLI's own event channel with the real CLI (pinned, or the newest with --latest): `trailboss hooks
 * install --runtime copilot` writes our `trailboss.json` into the sandbox's `$COPILOT_HOME/hooks/` beside a
 * user's tap hook file. The engine hears permissionRequest (a permission fact: the command as subject, no key),
 * the pane's parse gives the one permission item its key, approve runs the command once, and
 * userPromptSubmitted, permissionRequest, notification, postToolUse and agentStop are counted under Copilot's
 * names. `hooks uninstall` removes our file and leaves the user's byte for byte.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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
  return cli(['hooks', sub, '--runtime', 'copilot', ...(sub === 'status' ? ['--json'] : [])], {
    home: sandbox.home,
    env: { TRAILBOSS_HOME: dirname(endpointFile), COPILOT_HOME: sandbox.env['COPILOT_HOME'] ?? '' },
  });
}

/** The user's own hook: appends each payload to tap.jsonl. */
const tap = (home: string) => `sh -c 'cat >> "${join(home, 'tap.jsonl')}"; echo >> "${join(home, 'tap.jsonl')}"'`;

describe('live copilot hooks', () => {
  let a: LiveAgent;
  let userSettings = '';
  const added: QueueItemDto[] = [];
  beforeAll(async () => {
    a = await startLiveAgent('copilot', {
      session: 'live-copilot-hooks',
      api: true,
      beforeStart: async (sandbox, h) => {
        const dir = join(sandbox.env['COPILOT_HOME'] ?? '', 'hooks');
        mkdirSync(dir, { recursive: true });
        const entry = [{ type: 'command', bash: tap(sandbox.home), timeoutSec: 10 }];
        userSettings = `${JSON.stringify({ version: 1, hooks: { permissionRequest: entry, agentStop: entry } }, null, 2)}\n`;
        writeFileSync(join(dir, 'tap.json'), userSettings);
        const run = await hooks('install', sandbox, h.engine.paths.endpoint);
        if (run.code !== 0) throw new Error(`hooks install --runtime copilot: ${run.stderr}`);
        h.engine.on('item:added', ({ item }) => void added.push(item));
      },
    });
  }, START_TIMEOUT_MS + 120_000);
  afterAll(async () => {
    await a?.dispose();
  });

  const arrivals = () => readRuntimeArrivals(a.h.engine.store, 'copilot');

  it(
    'the permission hook is heard; the pane gives the one permission item its key; approve runs the command once',
    async () => {
      await a.waitState('idle', 'copilot idle after start', START_TIMEOUT_MS);
      const before = a.file(RAN_FILE);
      await a.ask(`${TRIGGERS.shell} through the hooks`);
      // The hook's item comes first when the hook is heard before the pane is next read; either way the
      // PermissionRequest arrived, and the one permission item ends up with the pane's key.
      await poll(() => arrivals()['permissionRequest'], 'the permissionRequest hook', { timeoutMs: 90_000, intervalMs: 50 });
      expect(arrivals()['userPromptSubmitted']?.count).toBeGreaterThanOrEqual(1);
      const first = added.find((i) => i.sessionName === a.session && i.reason === 'permission');
      if (first?.approveLabel === null) expect(first).toMatchObject({ runtime: 'copilot', subject: 'Bash: echo ran >> ran.txt' });
      const agent = await a.waitState('permission', 'the pane parsed as a permission prompt', 60_000, (x) => x.prompt?.approveKey != null);
      expect(agent.prompt?.approveKey).toBe('1');
      const item = await poll(
        async () => (await a.items()).find((i) => i.reason === 'permission' && i.approveLabel !== null),
        "the permission item with the pane's key",
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      expect(item.approveLabel).toBe('Yes');
      expect((await a.items()).filter((i) => i.reason === 'permission')).toHaveLength(1);
      const answer = await a.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint });
      expect(answer).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
      await poll(() => arrivals()['agentStop'], 'agentStop from the real CLI', { timeoutMs: 90_000, intervalMs: 100 });
      await a.waitState('idle', 'idle after the approved tool', 90_000);
      expect(a.file(RAN_FILE).split('\n').length - before.split('\n').length).toBe(1);
      expect(arrivals()['postToolUse']?.count).toBeGreaterThanOrEqual(1);
      expect(arrivals()['notification']?.count).toBeGreaterThanOrEqual(1);
      // The user's tap saw the same events (their hooks kept working beside ours).
      // The user's tap saw the same events (their hooks kept working beside ours; it may finish after ours).
      const tapFile = join(a.sandbox.home, 'tap.jsonl');
      await poll(() => readFileSync(tapFile, 'utf8').includes('"stopReason":"end_turn"'), "agentStop in the user's tap", {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      expect(readFileSync(tapFile, 'utf8')).toContain('"hookName":"permissionRequest"');
      const status = JSON.parse((await hooks('status', a.sandbox, a.h.engine.paths.endpoint)).stdout) as {
        details: { event: string; count: number }[];
      };
      expect(status.details.find((d) => d.event === 'agentStop')?.count).toBeGreaterThanOrEqual(1);
    },
    START_TIMEOUT_MS + 300_000,
  );

  it("uninstall removes our file and leaves the user's hook file byte for byte", async () => {
    const run = await hooks('uninstall', a.sandbox, a.h.engine.paths.endpoint);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const dir = join(a.sandbox.env['COPILOT_HOME'] ?? '', 'hooks');
    expect(readdirSync(dir)).toEqual(['tap.json']);
    expect(readFileSync(join(dir, 'tap.json'), 'utf8')).toBe(userSettings);
  });
});
