/**
 * Loop modes on a real engine: `pane:loop` turns the watchdog on or off for one pane (active types
 * the continue message, task-only re-injects the directive), config rules choose by runtime or
 * session name, and the global switch turns every nudge off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LoopModeDto } from '../../../preload/contract/agent.ts';
import { claudeIdleWorking } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { auditLog, paneKeyOf, queue, startWatchdogEngine, submissionsReach, untilTime } from './support.ts';
import { poll } from '../../support/poll.ts';

const LATE_MS = 1500;

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

async function setLoop(paneKey: string, mode: LoopModeDto, directive: string | null = null) {
  const env = await h!.engine.api['pane:loop']({ paneKey, mode, directive });
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

const idleItemOf = (paneKey: string) =>
  poll(async () => (await queue(h!)).find((i) => i.paneKey === paneKey && i.reason === 'idle'), 'the idle item');

describe('pane:loop', () => {
  it('active on an agent already idle: its idle item leaves the queue and it is nudged 2 s later', async () => {
    h = await startWatchdogEngine();
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const pane = await paneKeyOf(h, agent);
    await idleItemOf(pane);
    const dto = await setLoop(pane, 'active');
    const switchedAt = Date.now();
    expect(dto.loopMode).toBe('active');
    expect((await queue(h)).filter((i) => i.paneKey === pane)).toEqual([]);
    const [submitted] = await submissionsReach(agent, 1, 10_000);
    expect(submitted!.text).toBe('continue');
    // Never later than 2 s after the switch: the idle spell that began before it counts.
    const [nudge] = await auditLog(h);
    expect(nudge!.at - switchedAt).toBeLessThan(2000 + LATE_MS);
  }, 30_000);

  it('task-only re-injects the directive given with it', async () => {
    h = await startWatchdogEngine();
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const pane = await paneKeyOf(h, agent);
    await idleItemOf(pane);
    await setLoop(pane, 'task-only', 'work through TODO.md, one item per commit');
    const [submitted] = await submissionsReach(agent, 1, 10_000);
    expect(submitted!.text).toBe('work through TODO.md, one item per commit');
  }, 30_000);

  it('task-only without a directive types nothing and leaves the idle agent in the queue', async () => {
    h = await startWatchdogEngine();
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const pane = await paneKeyOf(h, agent);
    const item = await idleItemOf(pane);
    await setLoop(pane, 'task-only');
    await untilTime(Date.now() + 4000, 'twice the first delay');
    expect(await agent.keys()).toEqual([]);
    expect((await queue(h)).map((i) => i.id)).toEqual([item.id]);
  }, 30_000);

  // The user's explicit pause wins over a matching rule (the store remembers the mode was chosen).
  it('paused stops a pane a rule made active: no more nudges, and the idle agent is queued for the human', async () => {
    h = await startWatchdogEngine({ rules: [{ runtime: 'claude', mode: 'active' }] });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const pane = await paneKeyOf(h, agent);
    await submissionsReach(agent, 1, 10_000);
    const dto = await setLoop(pane, 'paused');
    expect(dto.loopMode).toBe('paused');
    await idleItemOf(pane);
    const [first] = await auditLog(h);
    // The second nudge would have come 4 s after the first.
    await untilTime(first!.at + 4000 + LATE_MS, 'the second nudge to be long due');
    expect((await agent.submissions()).length).toBe(1);
  }, 30_000);
});

describe('config rules', () => {
  it('a session-name rule makes only the matching session active', async () => {
    h = await startWatchdogEngine({ rules: [{ sessionPattern: '^night-', mode: 'active' }] });
    const night = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'night-shift' });
    const day = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'day-shift' });
    await submissionsReach(night, 1, 10_000);
    await idleItemOf(await paneKeyOf(h, day));
    expect(await day.keys()).toEqual([]);
  }, 30_000);

  it("agents:list reports the mode in force: a rule's until the user chooses, then the user's", async () => {
    h = await startWatchdogEngine({ rules: [{ sessionPattern: '^night-', mode: 'active' }] });
    const night = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'night-shift' });
    const day = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'day-shift' });
    const nightPane = await paneKeyOf(h, night);
    const dayPane = await paneKeyOf(h, day);
    const modes = async () => {
      const env = await h!.engine.api['agents:list']({});
      if (!env.ok) throw new Error(env.error.message);
      return Object.fromEntries(env.value.map((a) => [a.paneKey, a.loopMode]));
    };
    expect(await modes()).toEqual({ [nightPane]: 'active', [dayPane]: 'paused' });
    await setLoop(nightPane, 'paused');
    await setLoop(dayPane, 'task-only', 'finish the report');
    expect(await modes()).toEqual({ [nightPane]: 'paused', [dayPane]: 'task-only' });
  }, 30_000);

  it('the global switch off (watchdog.enabled false) nudges nobody, whatever the rules say', async () => {
    h = await startWatchdogEngine({ enabled: false, rules: [{ mode: 'active' }] });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const item = await idleItemOf(await paneKeyOf(h, agent));
    await untilTime(item.firstSeen + 4000, 'twice the first delay');
    expect(await agent.keys()).toEqual([]);
  }, 30_000);
});
