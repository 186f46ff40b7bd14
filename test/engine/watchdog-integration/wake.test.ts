/**
 * Priority wake-up (`pane:wake`) on a real engine: delivered at once past the human gate and the
 * pane's loop mode, never past the safe-to-type gate, and always in the audit log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeIdleWorking, claudePermBash, claudeTrustDialog } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import type { AttachedHuman } from './support.ts';
import { attachHuman, auditLog, engineKeys, paneKeyOf, queue, startWatchdogEngine, submissionsReach } from './support.ts';
import { poll } from '../../support/poll.ts';

let h: EngineHarness | null = null;
let human: AttachedHuman | null = null;
afterEach(async () => {
  await human?.detach();
  human = null;
  await h?.dispose();
  h = null;
});

async function wake(paneKey: string, text: string) {
  const env = await h!.engine.api['pane:wake']({ paneKey, text });
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

describe('priority wake-up', () => {
  it('types the work at once into a paused idle agent while a human is typing in its session', async () => {
    h = await startWatchdogEngine();
    await h.tmux.newPane('exec cat >/dev/null', { session: 'work' });
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const pane = await paneKeyOf(h, agent);
    await poll(async () => (await queue(h!)).find((i) => i.paneKey === pane && i.reason === 'idle'), 'the idle item');
    human = await attachHuman(h.tmux, 'work');
    human.type('x');
    const result = await wake(pane, 'pick up ticket 42');
    expect(result).toMatchObject({ outcome: 'confirmed' });
    const [submitted] = await submissionsReach(agent, 1, 5000);
    expect(submitted!.text).toBe('pick up ticket 42');
    expect((await auditLog(h)).map((a) => ({ text: a.text, why: a.why, origin: a.origin }))).toEqual([
      { text: 'pick up ticket 42', why: 'priority wake-up', origin: 'watchdog' },
    ]);
  }, 30_000);

  it('clears a draft in the input line, and the audit log keeps what it cleared', async () => {
    h = await startWatchdogEngine();
    const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
    const pane = await paneKeyOf(h, agent);
    await agent.send('w', 'i', 'p');
    await agent.waitForScreen((lines) => lines.some((l) => l.startsWith('❯') && l.includes('wip')));
    expect(await wake(pane, 'pick up ticket 42')).toMatchObject({ outcome: 'confirmed' });
    const [submitted] = await submissionsReach(agent, 1, 5000);
    expect(submitted!.text).toBe('pick up ticket 42');
    expect((await auditLog(h)).map((a) => a.why)).toEqual(['priority wake-up (cleared the draft "wip")']);
  }, 30_000);

  it('is refused at a permission prompt, and not a single key reaches the agent', async () => {
    h = await startWatchdogEngine();
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'work' });
    const item = await poll(async () => (await queue(h!)).find((i) => i.reason === 'permission'), 'the permission item');
    const result = await wake(item.paneKey, 'continue');
    expect(result.outcome).toBe('refused');
    expect(result.message).toMatch(/not at its input prompt/);
    expect(await agent.keys()).toEqual([]);
    expect(await auditLog(h)).toEqual([]);
  }, 30_000);

  it('is refused at the trust dialog (Enter there would exit the CLI)', async () => {
    h = await startWatchdogEngine();
    const agent = await startScriptedAgent(h.tmux, claudeTrustDialog(), { session: 'work' });
    const item = await poll(async () => (await queue(h!)).find((i) => i.paneKey.endsWith(`|${agent.paneId}`)), 'the trust dialog item');
    expect((await wake(item.paneKey, 'continue')).outcome).toBe('refused');
    expect(await engineKeys(agent)).toEqual([]);
  }, 30_000);

  it('answers not-found for a pane the engine does not watch', async () => {
    h = await startWatchdogEngine();
    const env = await h.engine.api['pane:wake']({ paneKey: 'S:/nowhere|%99', text: 'hello' });
    expect(env).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
