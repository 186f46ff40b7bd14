/**
 * A pane killed after the action looked at it but before its key or paste arrived (a real pane on a
 * private tmux server, killed right after the action's first look): approve and reply both answer
 * `gone` — an outcome the user can act on — never an `internal` failure, and nothing reaches
 * another pane. The audit says the key was attempted and that the pane had gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { storeForActions } from '../../../main/engine/actions/action-store.ts';
import { answerPrompt } from '../../../main/engine/actions/answer-prompt.ts';
import { observerPaneAccess } from '../../../main/engine/actions/pane-access.ts';
import { typeIntoIdle } from '../../../main/engine/actions/type-text.ts';
import type { PaneAccess } from '../../../main/engine/actions/types.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { poll } from '../../support/poll.ts';
import { claudeIdleWorking, claudePermBash } from '../../support/scenarios/index.ts';
import type { Scenario } from '../../support/scripted-agent/scenario.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

/** An engine with one scripted agent queued for `reason`; its pane access kills the pane right after the first look. */
async function raced(scenario: Scenario, reason: 'permission' | 'idle') {
  const harness = await startEngineHarness();
  h = harness;
  const agent = await startScriptedAgent(harness.tmux, scenario, { session: 'race' });
  const item = await poll(async () => {
    const env = await harness.engine.api['queue:list']({});
    return env.ok ? env.value.find((i) => i.reason === reason) : null;
  }, `the ${reason} item`);
  const real = observerPaneAccess(harness.engine.observer);
  let killed = false;
  const panes: PaneAccess = {
    ...real,
    async look(key) {
      const look = await real.look(key);
      if (!killed) {
        killed = true;
        await harness.tmux.run(['kill-pane', '-t', agent.paneId]);
      }
      return look;
    },
  };
  const actionStore = storeForActions(harness.engine.store, () => undefined);
  // The raw rows (the audit view folds outcome rows into the key rows they complete).
  const audit = async () => harness.engine.store.audit.list({ limit: 10 });
  return { item, panes, actionStore, audit, killedFirst: () => killed };
}

describe('a pane killed between the look and the key', () => {
  it('approve answers gone, and the audit records that the pane went', async () => {
    const t = await raced(claudePermBash(), 'permission');
    const result = await answerPrompt(
      { store: t.actionStore, panes: t.panes, clock: systemClock, logger: h!.logger, claimant: 'race-test' },
      { id: t.item.id, paneKey: t.item.paneKey, fingerprint: t.item.fingerprint },
      'approve',
      'api',
    );
    expect(t.killedFirst()).toBe(true);
    expect(result).toMatchObject({ outcome: 'gone', message: expect.stringMatching(/pane.*gone/) });
    expect((await t.audit()).map((a) => a.outcome)).toContain('gone');
  }, 90_000);

  it('reply answers gone, with nothing more sent after the failed key', async () => {
    const t = await raced(claudeIdleWorking(), 'idle');
    const result = await typeIntoIdle(
      { store: t.actionStore, panes: t.panes, clock: systemClock },
      { paneKey: t.item.paneKey, text: 'carry on', reason: 'reply', surface: 'api', itemId: t.item.id, action: 'text' },
    );
    expect(t.killedFirst()).toBe(true);
    expect(result).toMatchObject({ outcome: 'gone', message: expect.stringMatching(/pane.*gone/) });
    expect((await t.audit()).map((a) => a.outcome)).toContain('aborted: the pane went');
  }, 90_000);
});
