/**
 * The watchdog's backoff lives in the store: an engine restarted in the middle of a backoff nudges
 * at the time the old one would have, and a give-up stays given up.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeIdleWorking } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { auditLog, paneKeyOf, queue, startWatchdogEngine, submissionsReach } from './support.ts';
import { poll } from '../../support/poll.ts';

const LATE_MS = 1500;
/** The audit line is written after the settled look; the backoff counts from the run's start. */
const LOOK_MS = 300;
const ACTIVE_CLAUDE = { rules: [{ runtime: 'claude', mode: 'active' }] };

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const nudgeTimes = async () => (await auditLog(h!)).filter((a) => a.origin === 'watchdog' && a.text === 'continue').map((a) => a.at);

describe('watchdog across an engine restart', () => {
  it('a restart between two nudges keeps the second at 8 s after the first (a fresh count would wait 2 s)', async () => {
    h = await startWatchdogEngine({ ...ACTIVE_CLAUDE, factor: 4, capMs: 16_000 });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    await submissionsReach(agent, 1, 15_000);
    await h.restart();
    await submissionsReach(agent, 2, 15_000);
    const [n1, n2] = await nudgeTimes();
    expect(n2! - n1!).toBeGreaterThanOrEqual(8000 - LOOK_MS);
    expect(n2! - n1!).toBeLessThan(8000 + LATE_MS);
  }, 40_000);

  it('a restart before the first nudge keeps when idleness began: the nudge is not pushed back', async () => {
    h = await startWatchdogEngine({ ...ACTIVE_CLAUDE, firstDelayMs: 5000, capMs: 10_000 });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const pane = await paneKeyOf(h, agent);
    const idleSince = await poll(() => h!.engine.store.watchdog.get(pane)?.idleSince, 'the idle spell in the store', { timeoutMs: 10_000 });
    // Down for a while: a fresh count would nudge ≥ 5 s after the new engine sees idleness again.
    await poll(() => Date.now() >= idleSince + 2000, 'two seconds of idleness');
    await h.restart();
    await submissionsReach(agent, 1, 15_000);
    const [n1] = await nudgeTimes();
    expect(n1! - idleSince).toBeGreaterThanOrEqual(5000 - LOOK_MS);
    expect(n1! - idleSince).toBeLessThan(5000 + LATE_MS);
  }, 40_000);

  it('an agent the watchdog gave up on stays queued as idle after 3 nudges, and is not nudged again', async () => {
    h = await startWatchdogEngine({ ...ACTIVE_CLAUDE, firstDelayMs: 1000, factor: 2, capMs: 2000 });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const before = await poll(async () => (await queue(h!)).find((i) => i.reason === 'idle-after-nudges'), 'the escalated item', {
      timeoutMs: 25_000,
    });
    await h.restart();
    const restartedAt = Date.now();
    const after = await poll(
      async () => (await queue(h!)).find((i) => i.reason === 'idle-after-nudges' && i.subject === 'idle after 3 nudges'),
      'the item after restart',
    );
    expect(after.id).toBe(before.id);
    // The old engine would have nudged again by now (waits of at most 2 s) had the give-up been forgotten.
    await poll(() => Date.now() >= restartedAt + 6000, 'three more backoff periods', { timeoutMs: 10_000 });
    expect((await agent.submissions()).length).toBe(3);
    expect((await queue(h)).map((i) => i.id)).toEqual([before.id]);
  }, 50_000);
});
