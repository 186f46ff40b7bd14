/**
 * Text that would break out of the bracketed paste (ESC [201~ then CR), or that tmux would cut
 * (NUL), never reaches the agent: a scripted agent records every byte it receives, and none
 * arrives — not even the C-u that would clear the user's draft — and nothing is audited.
 * Newlines and tabs still arrive as text, inside the one paste.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeForActions } from '../../../main/engine/actions/action-store.ts';
import { observerPaneAccess } from '../../../main/engine/actions/pane-access.ts';
import { typeIntoIdle } from '../../../main/engine/actions/type-text.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { claudeIdleWorking } from '../../support/scenarios/index.ts';
import type { ScriptedAgent } from '../../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';

let h: EngineHarness;
let agent: ScriptedAgent;
let paneKey: string;
let itemId: string;

const BREAKOUTS = [
  'looks fine\u001b[201~\rrm -rf ~\r',
  'nul\u0000here',
  'bell\u0007',
  'c1 csi\u009b201~',
  'cr\rsubmits early',
  'del\u007f',
  'x'.repeat(100_001),
];

beforeAll(async () => {
  h = await startEngineHarness();
  agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'typing' });
  const item = await poll(async () => {
    const env = await h.engine.api['queue:list']({});
    return env.ok ? env.value.find((i) => i.reason === 'idle') : null;
  }, 'the idle item');
  paneKey = item.paneKey;
  itemId = item.id;
  // The user's draft: a refused text must leave it where it is.
  await agent.send('w', 'i', 'p');
  await agent.waitForScreen((lines) => lines.some((l) => l.startsWith('❯') && l.includes('wip')));
}, 60_000);

afterAll(async () => {
  await h?.dispose();
});

/** Every byte the agent received, joined. */
async function received(): Promise<string> {
  return (await agent.keys()).map((k) => k.raw).join('');
}

describe('text that is not exactly text is never typed', () => {
  it('reply (any surface, in-process too) refuses it as invalid', async () => {
    for (const text of BREAKOUTS) {
      const env = await h.engine.apiFor('tray')['item:reply']({ id: itemId, text });
      expect(env).toMatchObject({ ok: false, error: { code: 'invalid' } });
    }
    expect(await received()).toBe('wip');
  });

  it('a priority wake-up refuses it as invalid', async () => {
    for (const text of BREAKOUTS) {
      expect(await h.engine.api['pane:wake']({ paneKey, text })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    }
    expect(await received()).toBe('wip');
  });

  it('the typing action itself refuses it before clearing the draft or auditing', async () => {
    const deps = {
      store: storeForActions(h.engine.store, () => undefined),
      panes: observerPaneAccess(h.engine.observer),
      clock: systemClock,
    };
    for (const text of BREAKOUTS) {
      const result = await typeIntoIdle(deps, { paneKey, text, reason: 'test', surface: 'api', itemId: null, action: 'text' });
      expect(result.outcome).toBe('refused');
      expect(result.message).toMatch(/control character|at most 100000/);
    }
    expect(await received()).toBe('wip');
    const audit = await h.engine.api['audit:list']({ limit: 10, before: null });
    expect(audit.ok && audit.value).toEqual([]);
    await agent.waitForScreen((lines) => lines.some((l) => l.startsWith('❯') && l.includes('wip')));
  });

  it('newlines and tabs are typed as text, inside one paste', async () => {
    const text = 'first line\n\tindented second line';
    const env = await h.engine.api['item:reply']({ id: itemId, text });
    expect(env).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    const [submitted] = await poll(async () => {
      const list = await agent.submissions();
      return list.length > 0 ? list : null;
    }, 'the submission');
    // A paste carries each newline as CR, as a terminal's own paste does; inside the paste brackets it is text.
    const pasted = text.replaceAll('\n', '\r');
    expect(submitted!.text).toBe(pasted);
    const pastes = (await agent.keys()).filter((k) => k.key === 'Paste');
    expect(pastes.map((k) => k.text)).toEqual([pasted]);
    expect(await received()).toBe(`wip\u0015\u001b[200~${pasted}\u001b[201~\r`);
  });
});
