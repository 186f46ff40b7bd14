/**
 * The idle watchdog end to end on a private tmux server: a scripted Claude idles at its prompt,
 * the real engine nudges it on the configured backoff (2 s, 4 s, 8 s), and after 3 nudges without
 * real work queues it as "idle after 3 nudges". Times come from the audit log (engine clock) and
 * the agent's own record.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeIdleWorking } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { auditLog, firstDrawOf, queue, startWatchdogEngine, submissionsReach } from './support.ts';
import { poll } from '../../support/poll.ts';

/** Slack for detection (tick 1 s + a confirming capture) and a loaded 2-core machine. */
const LATE_MS = 1500;
/**
 * The backoff counts from when a nudge run started; its audit line is written after the fresh
 * (settled) look, a few tens of ms later. Gaps between audit lines may be short by that much.
 */
const LOOK_MS = 300;
const ACTIVE_CLAUDE = { rules: [{ runtime: 'claude', mode: 'active' }] };

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

async function nudgeTimes(): Promise<number[]> {
  return (await auditLog(h!)).filter((a) => a.origin === 'watchdog' && a.text === 'continue').map((a) => a.at);
}

describe('watchdog backoff on a real engine', () => {
  it('nudges an idle agent 2 s after idleness began, then 4 s and 8 s after each nudge', async () => {
    h = await startWatchdogEngine(ACTIVE_CLAUDE);
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const idleDrawn = await firstDrawOf(agent, 'idle');
    const submitted = await submissionsReach(agent, 3, 25_000);
    expect(submitted.map((s) => s.text)).toEqual(['continue', 'continue', 'continue']);
    const [n1, n2, n3] = await nudgeTimes();
    expect(n1! - idleDrawn).toBeGreaterThanOrEqual(2000);
    expect(n1! - idleDrawn).toBeLessThan(2000 + LATE_MS + 1000);
    expect(n2! - n1!).toBeGreaterThanOrEqual(4000 - LOOK_MS);
    expect(n2! - n1!).toBeLessThan(4000 + LATE_MS);
    expect(n3! - n2!).toBeGreaterThanOrEqual(8000 - LOOK_MS);
    expect(n3! - n2!).toBeLessThan(8000 + LATE_MS);
  }, 40_000);

  it('types each nudge as clear-line, one paste and Enter — nothing else reaches the agent', async () => {
    h = await startWatchdogEngine({ ...ACTIVE_CLAUDE, maxNudges: 2 });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    await submissionsReach(agent, 2, 20_000);
    expect(await agent.keyNames()).toEqual(['C-u', 'Paste', 'Enter', 'C-u', 'Paste', 'Enter']);
    const audit = await auditLog(h);
    expect(audit.map((a) => ({ origin: a.origin, text: a.text, why: a.why }))).toEqual([
      { origin: 'watchdog', text: 'continue', why: 'idle watchdog nudge' },
      { origin: 'watchdog', text: 'continue', why: 'idle watchdog nudge' },
    ]);
  }, 30_000);

  it('after 3 nudges without real work, queues the agent as idle after 3 nudges, one full wait after the last', async () => {
    h = await startWatchdogEngine(ACTIVE_CLAUDE);
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    // Each nudge makes the agent work for 0.9 s: less than workResetMs (30 s), so it does not count.
    const item = await poll(async () => (await queue(h!)).find((i) => i.reason === 'idle-after-nudges'), 'the escalated item', {
      timeoutMs: 35_000,
    });
    expect(item.subject).toBe('idle after 3 nudges');
    expect(item.paneKey.endsWith(`|${agent.paneId}`)).toBe(true);
    const times = await nudgeTimes();
    expect(times).toHaveLength(3);
    expect(item.firstSeen - times[2]!).toBeGreaterThanOrEqual(8000 - LOOK_MS);
    expect(item.firstSeen - times[2]!).toBeLessThan(8000 + LATE_MS);
    expect((await agent.submissions()).length).toBe(3);
  }, 45_000);

  it('a nudge that gets the agent working for longer than workResetMs resets the count: it never escalates', async () => {
    h = await startWatchdogEngine({ ...ACTIVE_CLAUDE, workResetMs: 1000 });
    // 3 × 700 ms of work after every nudge: real work by this config.
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking({ workingStepMs: 700 }), { session: 'work' });
    await submissionsReach(agent, 4, 35_000);
    expect((await queue(h)).filter((i) => i.reason === 'idle-after-nudges')).toEqual([]);
    // Every nudge waited the FIRST delay (2 s) after the agent came back to idle: the count was reset each time.
    const times = await nudgeTimes();
    const idles = (await agent.states()).filter((s) => s.state === 'idle').map((s) => s.t);
    for (let i = 1; i < 4; i++) {
      const idleBefore = idles.filter((t) => t < times[i]!).at(-1)!;
      expect(times[i]! - idleBefore).toBeGreaterThanOrEqual(2000);
      expect(times[i]! - idleBefore).toBeLessThan(2000 + LATE_MS + 1000);
    }
  }, 45_000);
});
