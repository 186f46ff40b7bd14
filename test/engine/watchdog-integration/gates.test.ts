/**
 * The watchdog's gates on a real engine: no nudge while a human types in a terminal attached to the
 * agent's tmux session, nor while text is typed into the agent's input line; nudges resume when
 * the human has been quiet for the configured window, or the draft is gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeIdleWorking } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import type { AttachedHuman } from './support.ts';
import { attachHuman, auditLog, engineKeys, firstDrawOf, paneKeyOf, startWatchdogEngine, submissionsReach, untilTime } from './support.ts';
import { poll } from '../../support/poll.ts';

const LATE_MS = 1500;
const LOOK_MS = 300;
const ACTIVE_CLAUDE = { rules: [{ runtime: 'claude', mode: 'active' }] };

let h: EngineHarness | null = null;
let human: AttachedHuman | null = null;
afterEach(async () => {
  await human?.detach();
  human = null;
  await h?.dispose();
  h = null;
});

describe('human-activity gate', () => {
  it('holds the nudge while a human types in an attached terminal, and sends it once they were quiet for 3 s', async () => {
    h = await startWatchdogEngine(ACTIVE_CLAUDE);
    // The human works in a shell window of the agent's session: the agent's input line stays empty.
    await h.tmux.newPane('exec cat >/dev/null', { session: 'work' });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    human = await attachHuman(h.tmux, 'work');
    const idleDrawn = await firstDrawOf(agent, 'idle');
    // Typing from before the first nudge is due (idle + 2 s) until well after it.
    let lastKey = 0;
    const typing = setInterval(() => {
      human?.type('x');
      lastKey = Date.now();
    }, 400);
    try {
      await untilTime(idleDrawn + 7000, 'the human typing for 7 s');
    } finally {
      clearInterval(typing);
    }
    expect(await agent.submissions()).toEqual([]);
    await submissionsReach(agent, 1, 10_000);
    const [nudge] = (await auditLog(h)).filter((a) => a.text === 'continue');
    // tmux keeps client_activity in whole seconds: the window may end up to 1 s before lastKey + 3 s.
    expect(nudge!.at - lastKey).toBeGreaterThanOrEqual(2000 - LOOK_MS);
    expect(nudge!.at - lastKey).toBeLessThan(3000 + LATE_MS);
    expect(await engineKeys(agent)).toEqual([
      { key: 'C-u', state: 'idle' },
      { key: 'Paste', state: 'idle' },
      { key: 'Enter', state: 'idle' },
    ]);
  }, 40_000);

  it('a human attached to ANOTHER session does not hold the nudge', async () => {
    h = await startWatchdogEngine(ACTIVE_CLAUDE);
    await h.tmux.newPane('exec cat >/dev/null', { session: 'elsewhere' });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    human = await attachHuman(h.tmux, 'elsewhere');
    const typing = setInterval(() => human?.type('x'), 400);
    try {
      await submissionsReach(agent, 1, 10_000);
    } finally {
      clearInterval(typing);
    }
    const [nudge] = (await auditLog(h)).filter((a) => a.text === 'continue');
    expect(nudge!.at - (await firstDrawOf(agent, 'idle'))).toBeLessThan(2000 + LATE_MS + 1000);
  }, 30_000);
});

describe('draft gate', () => {
  it('holds the nudge while text is typed into the agent input line, and nudges after the draft is cleared', async () => {
    h = await startWatchdogEngine({ ...ACTIVE_CLAUDE, recheckMs: 1000 });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    await paneKeyOf(h, agent);
    const idleDrawn = await firstDrawOf(agent, 'idle');
    await agent.send('w', 'i', 'p');
    await agent.waitForRecord((r): r is typeof r => r.type === 'key' && 'draft' in r && r.draft === 'wip', { what: 'the draft typed' });
    await untilTime(idleDrawn + 6000, 'the nudge to be long due');
    expect(await agent.submissions()).toEqual([]);
    expect(await engineKeys(agent, ['w', 'i', 'p'])).toEqual([]);
    await agent.send('C-u');
    const cleared = Date.now();
    const [submitted] = await submissionsReach(agent, 1, 10_000);
    // The nudge typed "continue" into an empty line, not "wipcontinue".
    expect(submitted!.text).toBe('continue');
    const [nudge] = (await auditLog(h)).filter((a) => a.text === 'continue');
    expect(nudge!.at).toBeGreaterThanOrEqual(cleared);
    expect(nudge!.at - cleared).toBeLessThan(1000 + LATE_MS);
  }, 40_000);
});

describe('gates are per pane', () => {
  it('a draft in one agent does not hold the nudge of another', async () => {
    h = await startWatchdogEngine(ACTIVE_CLAUDE);
    const drafting = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'one' });
    const other = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'two' });
    await drafting.send('w', 'i', 'p');
    await submissionsReach(other, 1, 12_000);
    await poll(async () => (await auditLog(h!)).some((a) => a.paneKey.endsWith(`|${other.paneId}`)), 'the audit line');
    expect(await drafting.submissions()).toEqual([]);
  }, 30_000);
});
