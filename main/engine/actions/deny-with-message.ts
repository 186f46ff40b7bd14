/**
 * Deny a permission prompt and tell the agent why, in one action: claim, re-verify the prompt the
 * user saw, plan the path its screen offers (`deny-message-plan.ts`), audit every step before it is
 * sent, and confirm the agent took the message. The message is only ever pasted into a text field the
 * screen shows focused and submitted only when the field shows exactly it; otherwise what was typed
 * is cleared, nothing more is sent, and the answer says what the screen showed.
 */
import type { Clock } from '../platform/clock.ts';
import { sleep } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { PermissionPrompt } from '../runtimes/types.ts';
import type { PaneKey } from '../sessions/facts.ts';
import type { ConfirmOptions } from './confirm.ts';
import { DEFAULT_CONFIRM, NO_PERMISSION_PROMPT, waitUntilLeft } from './confirm.ts';
import type { DenyMessagePlan } from './deny-message-plan.ts';
import { describeMarker, fieldOf, isMarkedNo, planDenyWithMessage, sameAsk } from './deny-message-plan.ts';
import { paneWent } from './pane-went.ts';
import { claimPrompt, lookAtShownPrompt } from './shown-prompt.ts';
import { SETTLE_MAX_MS, typeIntoIdle } from './type-text.ts';
import { draftShowsText, typedTextProblem } from './typed-text.ts';
import type { ActionItem, ActionResult, ActionStore, AuditRecord, PaneAccess, PaneLook, Surface } from './types.ts';

export interface DenyMessageDeps {
  readonly store: ActionStore;
  /** Raw looks for the fingerprint check (as approve and deny). */
  readonly panes: PaneAccess;
  /** Looks that wait for the screen to hold still, for every look after a key (the engine passes settled looks). */
  readonly settled: PaneAccess;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly claimant: string;
  readonly confirm?: ConfirmOptions;
  readonly onStale?: (paneKey: string) => void;
  readonly onSent?: (paneKey: string, keys: readonly string[]) => void;
  readonly lastEscapeAt?: (paneKey: PaneKey) => number | null;
}

/** Deny the prompt behind `item` and deliver `message` to the agent, or refuse and say why. */
export async function denyWithMessage(deps: DenyMessageDeps, item: ActionItem, message: string, surface: Surface): Promise<ActionResult> {
  const { store, panes, claimant } = deps;
  if (message.trim() === '') return { outcome: 'refused', message: 'the message is empty; nothing was sent' };
  // Before anything is claimed or sent: a text that cannot be typed exactly is never half-delivered.
  const problem = typedTextProblem(message);
  if (problem !== null) return { outcome: 'refused', message: `${problem}; nothing was sent` };
  const notClaimed = claimPrompt(store, panes, item, claimant);
  if (notClaimed) return notClaimed;
  try {
    const shown = await lookAtShownPrompt(panes, item, deps.onStale);
    if (!shown.ok) return shown.result;
    const plan = planDenyWithMessage(shown.screen, message);
    const steps = new Steps(deps, item, shown.screen, message, surface);
    try {
      return await follow(steps, plan);
    } catch (error) {
      // Killed (or its server stopped) after the look: tmux found no pane, so nothing more reached it.
      if (!paneWent(error)) throw error;
      store.appendAudit({ ...steps.audit('key', '(nothing more sent)', 'the pane went'), outcome: 'aborted: the pane went' });
      deps.onStale?.(item.paneKey);
      return { outcome: 'gone', message: 'the pane is gone (it went during the deny); nothing more was sent' };
    }
  } finally {
    store.release(item.id, claimant);
  }
}

function follow(steps: Steps, plan: DenyMessagePlan): Promise<ActionResult> {
  switch (plan.kind) {
    case 'refuse':
      return Promise.resolve({
        outcome: 'refused',
        message: `deny with a message not possible: ${plan.reason}; nothing was sent (a plain deny is still offered)`,
      });
    case 'field':
      return steps.throughField(plan);
    case 'deny-then-input':
      return steps.thenInput(plan.denyKey);
  }
}

const short = (text: string): string => JSON.stringify(text.length > 60 ? text.slice(0, 57) + '...' : text);

/** One deny-with-message in progress: its item, the prompt seen, and each audited step. */
class Steps {
  constructor(
    private readonly deps: DenyMessageDeps,
    private readonly item: ActionItem,
    private readonly screen: PermissionPrompt,
    private readonly message: string,
    private readonly surface: Surface,
  ) {}

  audit(action: AuditRecord['action'], payload: string, why: string): AuditRecord {
    return {
      paneKey: this.item.paneKey,
      runtime: this.screen.runtime,
      action,
      payload,
      reason: `deny with a message: ${why} — ${this.screen.subject}`,
      surface: this.surface,
      itemId: this.item.id,
      outcome: 'sent',
    };
  }

  private async send(keys: readonly string[], why: string): Promise<void> {
    this.deps.store.recordSend(this.item.id, this.audit('key', keys.join(' '), why));
    await this.deps.panes.sendKeys(this.item.paneKey, keys);
    this.deps.onSent?.(this.item.paneKey, keys);
  }

  /** Look (settled) until `done` holds for a prompt or `SETTLE_MAX_MS` passes; the last look either way. */
  private async lookUntil(done: (look: PaneLook) => boolean): Promise<PaneLook> {
    const { clock, settled } = this.deps;
    const deadline = clock.now() + SETTLE_MAX_MS;
    for (;;) {
      const look = await settled.look(this.item.paneKey);
      if (done(look) || look.kind === 'gone' || clock.now() >= deadline) return look;
      await sleep(clock, 50);
    }
  }

  /**
   * Marker to the deny row, open its field (Claude: Tab; Copilot: the marked row is the field), paste,
   * Enter only when the field shows exactly the message.
   */
  async throughField(plan: Extract<DenyMessagePlan, { kind: 'field' }>): Promise<ActionResult> {
    const row = this.screen.options[plan.denyIndex];
    const name = `${row?.key ?? plan.denyIndex + 1}. ${row?.label ?? 'No'}`;
    const prompt = (l: PaneLook): PermissionPrompt | null => (l.kind === 'screen' && l.screen.kind === 'permission' ? l.screen : null);
    const runtime = this.screen.runtime;
    const openKey = plan.openKey;
    if (openKey === null) {
      // Copilot: the moves alone put the marker into the field; no key opens anything.
      if (plan.moves.length > 0) await this.send(plan.moves, `move the marker into the field "${name}"`);
    } else if (plan.moves.length > 0) {
      await this.send(plan.moves, `move the marker to "${name}"`);
      const moved = prompt(await this.lookUntil((l) => isMarkedNo(prompt(l), this.screen, plan.denyIndex, openKey)));
      if (!isMarkedNo(moved, this.screen, plan.denyIndex, openKey)) {
        return {
          outcome: 'changed',
          message: `the marker did not reach "${name}" (${describeMarker(moved)}); Tab and the message were not sent`,
        };
      }
    }
    // Tab on any other row amends that row's answer (on "Yes" it approves with a note): only on the marked "No".
    if (openKey !== null) await this.send([openKey], `open the text field of "${name}"`);
    const opened = prompt(await this.lookUntil((l) => fieldOf(prompt(l), this.screen, plan.denyIndex)?.open === true));
    const field = fieldOf(opened, this.screen, plan.denyIndex);
    if (field?.open !== true || field.text !== '') {
      const how = openKey === null ? 'the marker did not reach' : `${openKey} did not open`;
      return {
        outcome: 'changed',
        message: `${how} an empty text field on "${name}" (${describeMarker(opened)}); the message was not typed`,
      };
    }
    this.deps.store.recordSend(this.item.id, this.audit('text', this.message, `typed into the field of "${name}"`));
    await this.deps.panes.pasteText(this.item.paneKey, this.message);
    const typed = prompt(
      await this.lookUntil((l) => {
        const f = fieldOf(prompt(l), this.screen, plan.denyIndex);
        return f?.open === true && draftShowsText(f.text, this.message, runtime);
      }),
    );
    const after = fieldOf(typed, this.screen, plan.denyIndex);
    if (after?.open !== true) {
      this.deps.store.appendAudit({
        ...this.audit('key', '(Enter withheld)', 'the screen changed'),
        outcome: 'aborted: screen changed before Enter',
      });
      return { outcome: 'changed', message: `the screen changed while typing (${describeMarker(typed)}); Enter was not sent` };
    }
    if (!draftShowsText(after.text, this.message, runtime)) {
      const withheld = 'Enter withheld: the field did not show the typed text';
      this.deps.store.appendAudit({ ...this.audit('key', 'C-u', withheld), outcome: `aborted: ${withheld}` });
      await this.deps.panes.sendKeys(this.item.paneKey, ['C-u']);
      return {
        outcome: 'changed',
        message: `the field did not show the typed text (it showed ${short(after.text)}); what was typed was cleared and Enter was not sent`,
      };
    }
    await this.send(['Enter'], `submit "${name}" with the message`);
    return this.confirmLeft(`denied with "${name}" and told the agent ${short(this.message)}`, [
      ...plan.moves,
      ...(openKey === null ? [] : [openKey]),
      'paste',
      'Enter',
    ]);
  }

  /** Codex, opencode, Claude without a field: deny with one key, then type the message at the input prompt. */
  async thenInput(denyKey: string): Promise<ActionResult> {
    const label = this.screen.options.find((o) => o.key === denyKey)?.label ?? denyKey;
    await this.send([denyKey], `${label}, then the message at the input prompt`);
    const denied = await this.confirmLeft(`denied with ${denyKey} (${label})`, [denyKey], false);
    if (denied.outcome !== 'confirmed') return denied;
    const { clock, settled, store } = this.deps;
    const idle = await this.lookUntil((l) => l.kind === 'screen' && l.screen.kind === 'idle');
    let typed: ActionResult;
    if (idle.kind === 'gone') typed = { outcome: 'gone', message: 'the pane is gone; the message was not typed' };
    else if (idle.screen.kind !== 'idle')
      typed = { outcome: 'changed', message: `the input prompt did not return (it shows: ${idle.screen.kind}); the message was not typed` };
    else
      typed = await typeIntoIdle(
        { store, panes: settled, clock, ...(this.deps.lastEscapeAt ? { lastEscapeAt: this.deps.lastEscapeAt } : {}) },
        {
          paneKey: this.item.paneKey,
          text: this.message,
          reason: `deny with a message: the message after ${label} — ${this.screen.subject}`,
          surface: this.surface,
          itemId: this.item.id,
          action: 'text',
        },
      );
    store.resolve(this.item.id, 'denied', this.surface);
    if (typed.outcome !== 'confirmed') return { ...typed, message: `${denied.message}, but ${typed.message}` };
    // Delivered once the input box gave the text up (the agent took it), not merely when Enter was sent.
    const taken = await waitUntilLeft(
      settled,
      this.item.paneKey,
      (l) => l.kind === 'screen' && l.screen.kind === 'idle' && draftShowsText(l.screen.draft, this.message, l.runtime.id),
      clock,
      this.deps.confirm ?? DEFAULT_CONFIRM,
    );
    if (!taken)
      return {
        outcome: 'unconfirmed',
        message: `${denied.message}; the message was typed but is still in the input box`,
        sent: [denyKey, ...typed.sent],
      };
    return {
      outcome: 'confirmed',
      message: `${denied.message} and told the agent ${short(this.message)}`,
      sent: [denyKey, ...typed.sent],
    };
  }

  /** Wait for the prompt to leave; record the outcome; resolve the item when asked to. */
  private async confirmLeft(done: string, sent: readonly string[], resolve = true): Promise<ActionResult> {
    const { store, clock, settled, logger } = this.deps;
    const opts = this.deps.confirm ?? DEFAULT_CONFIRM;
    const left = await waitUntilLeft(
      settled,
      this.item.paneKey,
      (l) => l.kind === 'screen' && l.screen.kind === 'permission' && sameAsk(l.screen, this.screen),
      clock,
      opts,
      NO_PERMISSION_PROMPT,
    );
    store.recordOutcome(this.item.id, left ? 'confirmed' : 'unconfirmed');
    if (!left) {
      logger.log('warn', 'action.unconfirmed', { item: this.item.id, pane: this.item.paneKey, keys: sent.join(' ') });
      return {
        outcome: 'unconfirmed',
        message: `sent ${sent.join(' ')}, but the prompt is still on screen after ${opts.timeoutMs / 1000}s; not retried`,
        sent,
      };
    }
    if (resolve) store.resolve(this.item.id, 'denied', this.surface);
    return { outcome: 'confirmed', message: done, sent };
  }
}
