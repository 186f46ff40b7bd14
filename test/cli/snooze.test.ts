/** `trailboss snooze` accepts up to 30 days (the clock waits that long safely) and refuses longer with the limit named. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli-context.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { poll } from '../support/poll.ts';

describe('trailboss snooze durations', () => {
  it('refuses 31d (exit 2, nothing snoozed) and snoozes 30d', async () => {
    const h = await startEngineHarness({ api: true });
    try {
      const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'snoozy' });
      const env = { TRAILBOSS_HOME: join(h.home, 'tb') };
      await poll(
        async () => (await cli(['queue', '--json'], { home: h.home, env })).stdout.includes('"approveLabel": "Yes"'),
        'the prompt queued',
      );
      const long = await cli(['snooze', agent.paneId, '31d'], { home: h.home, env });
      expect(long.code).toBe(2);
      expect(long.stderr).toContain('at most 30d');
      expect(h.engine.store.items.list().map((i) => i.snoozedUntil)).toEqual([null]);
      const before = Date.now();
      const ok = await cli(['snooze', agent.paneId, '30d'], { home: h.home, env });
      expect(ok.code).toBe(0);
      const [until] = h.engine.store.items.list().map((i) => i.snoozedUntil);
      expect(until).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
      expect(until).toBeLessThan(Date.now() + 30 * 86_400_000 + 1);
    } finally {
      await h.dispose();
    }
  }, 60_000);
});
