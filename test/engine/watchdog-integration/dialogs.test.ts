/**
 * Blocking dialogs on a real engine: the one dialog verified safe to dismiss (Codex's start-up
 * warnings overlay, Esc) is dismissed with exactly that key and audited; the dialogs whose keys
 * change something (Claude's trust dialog: Enter/Esc exit the CLI; Codex's model notice: Esc
 * ACCEPTS the new model; Claude's auto-mode offer: Enter turns auto mode on) are queued, never touched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeAutoModeOffer, claudeTrustDialog, codexModelMigration, codexWarningsOverlay } from '../../support/scenarios/index.ts';
import type { Scenario } from '../../support/scripted-agent/scenario.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { auditLog, engineKeys, queue, startWatchdogEngine, untilTime } from './support.ts';
import { poll } from '../../support/poll.ts';

const ACTIVE_ALL = { rules: [{ mode: 'active' }] };

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

describe('the safe dialog', () => {
  it("Codex's warnings overlay is dismissed with Escape, once, and the dismissal is audited", async () => {
    h = await startWatchdogEngine(ACTIVE_ALL);
    const agent = await startScriptedAgent(h.tmux, codexWarningsOverlay(), { session: 'work' });
    await agent.waitForState('idle', { timeoutMs: 10_000 });
    const keys = await engineKeys(agent);
    expect(keys[0]).toEqual({ key: 'Escape', state: 'overlay' });
    expect(keys.filter((k) => k.state === 'overlay')).toHaveLength(1);
    const [dismissal] = await auditLog(h);
    expect(dismissal).toMatchObject({ keys: ['Escape'], text: null, origin: 'watchdog' });
    expect(dismissal!.why).toMatch(/^dismiss known dialog: /);
    expect(dismissal!.paneKey.endsWith(`|${agent.paneId}`)).toBe(true);
  }, 30_000);

  it('stays on screen, queued, when dismissKnownDialogs is off', async () => {
    h = await startWatchdogEngine({ ...ACTIVE_ALL, dismissKnownDialogs: false });
    const agent = await startScriptedAgent(h.tmux, codexWarningsOverlay(), { session: 'work' });
    const item = await poll(async () => (await queue(h!)).find((i) => i.paneKey.endsWith(`|${agent.paneId}`)), 'the overlay item');
    expect(item.reason).toBe('dialog');
    await untilTime(item.firstSeen + 4000, 'time for a dismissal');
    expect(await agent.keys()).toEqual([]);
    expect(await auditLog(h)).toEqual([]);
  }, 30_000);

  it('is left alone on a paused pane (the watchdog types nothing there)', async () => {
    h = await startWatchdogEngine();
    const agent = await startScriptedAgent(h.tmux, codexWarningsOverlay(), { session: 'work' });
    const item = await poll(async () => (await queue(h!)).find((i) => i.paneKey.endsWith(`|${agent.paneId}`)), 'the overlay item');
    await untilTime(item.firstSeen + 4000, 'time for a dismissal');
    expect(await agent.keys()).toEqual([]);
  }, 30_000);
});

const UNSAFE: ReadonlyArray<readonly [string, () => Scenario]> = [
  ['Claude trust dialog (Enter and Esc exit the CLI)', claudeTrustDialog],
  ['Codex model-migration notice (Esc accepts the new model)', codexModelMigration],
  ['Claude auto-mode offer (Enter turns auto mode on)', claudeAutoModeOffer],
];

describe('unsafe dialogs', () => {
  for (const [name, scenario] of UNSAFE) {
    it(`${name} is queued and never dismissed`, async () => {
      h = await startWatchdogEngine({ ...ACTIVE_ALL, firstDelayMs: 1000, capMs: 4000 });
      const agent = await startScriptedAgent(h.tmux, scenario(), { session: 'work' });
      const item = await poll(async () => (await queue(h!)).find((i) => i.paneKey.endsWith(`|${agent.paneId}`)), 'the dialog item');
      expect(item.reason).toBe('dialog');
      // Long enough for a dismissal and for the nudges of an idle agent (1 s, 2 s).
      await untilTime(item.firstSeen + 5000, 'time for a dismissal');
      expect(await agent.keys()).toEqual([]);
      expect(await auditLog(h)).toEqual([]);
      expect((await queue(h)).map((i) => i.id)).toContain(item.id);
    }, 30_000);
  }
});
