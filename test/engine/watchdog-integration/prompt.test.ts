/**
 * The safe-to-type gate on a real engine: nothing is ever typed while a permission prompt shows —
 * not when the prompt was there all along, and not when it appeared after the engine last looked
 * (the watchdog decides on a fresh capture, not on the observer's last state).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { auditLog, claudeIdleThenPrompt, engineKeys, queue, startWatchdogEngine, submissionsReach, untilTime } from './support.ts';
import { poll } from '../../support/poll.ts';

const ACTIVE_CLAUDE = { rules: [{ runtime: 'claude', mode: 'active' }] };

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

describe('a permission prompt on screen', () => {
  it('is queued and never typed into by an active watchdog, through three backoff periods', async () => {
    h = await startWatchdogEngine({ ...ACTIVE_CLAUDE, firstDelayMs: 1000, factor: 2, capMs: 4000 });
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'work' });
    const item = await poll(async () => (await queue(h!)).find((i) => i.reason === 'permission'), 'the permission item');
    await untilTime(item.firstSeen + 1000 + 2000 + 4000 + 1000, 'three backoff periods');
    expect(await agent.keys()).toEqual([]);
    expect(await auditLog(h)).toEqual([]);
  }, 30_000);

  it('that appeared after the engine last looked is seen on the fresh capture: no key until it is answered', async () => {
    // The observer looks once a minute here: the engine's state still says idle when the prompt shows.
    h = await startWatchdogEngine({ ...ACTIVE_CLAUDE, recheckMs: 1000 }, { config: { observe: { tickMs: 60_000 } } });
    const agent = await startScriptedAgent(h.tmux, claudeIdleThenPrompt(), { session: 'work' });
    const pane = await poll(async () => {
      await h!.engine.observer.tick();
      return h!.engine.store.panes.list().find((p) => p.paneId === agent.paneId)?.paneKey;
    }, 'the engine to find the agent');
    const idleSince = await poll(async () => {
      await h!.engine.observer.tick();
      return h!.engine.store.watchdog.get(pane)?.idleSince;
    }, 'the engine to see the agent idle');
    await agent.send('F2');
    await agent.waitForState('prompt');
    expect(h.engine.truth.get(pane)?.state).toBe('idle');
    // The nudge falls due (idle + 2 s) and is retried every second while the prompt shows.
    await untilTime(idleSince + 2000 + 3000, 'the nudge to be due and rechecked');
    expect(await engineKeys(agent, ['F2'])).toEqual([]);
    // The human denies in the pane; the agent is back at its input prompt and the held nudge goes out.
    await agent.send('4');
    await submissionsReach(agent, 1, 10_000);
    expect(await engineKeys(agent, ['F2', '4'])).toEqual([
      { key: 'C-u', state: 'denied' },
      { key: 'Paste', state: 'denied' },
      { key: 'Enter', state: 'denied' },
    ]);
  }, 40_000);
});
