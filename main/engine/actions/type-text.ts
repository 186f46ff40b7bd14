/**
 * Type text into an agent — only when it is idle at its input prompt, never into a prompt or dialog
 * (an injected "continue⏎" landing on a permission prompt approves it). Clear the line, paste through
 * a tmux buffer, look again, and Enter only when the input box shows exactly the pasted text, each
 * step audited first.
 */
import type { Clock } from '../platform/clock.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { sleep } from '../platform/clock.ts';
import type { ActionResult, ActionStore, AuditRecord, PaneAccess, PaneLook, Surface } from './types.ts';
import { sameLook } from './settled-look.ts';
import { draftShowsText, typedTextProblem } from './typed-text.ts';
import { ESCAPE_PAUSE_MS } from './escape-times.ts';
import { paneWent } from './pane-went.ts';

export interface TypeTextDeps {
  readonly store: ActionStore;
  readonly panes: PaneAccess;
  readonly clock: Clock;
  /** When Escape was last sent into each pane: Claude reads Esc+char as Meta, so text waits ~1 s after it. */
  readonly lastEscapeAt?: (paneKey: PaneKey) => number | null;
}

/**
 * How long a pasted text may take to be drawn before the screen is judged anyway. A real CLI draws a
 * paste on its next frame (opencode's renderer, Ink's throttle), which on a loaded machine can take
 * well over a second; the wait ends as soon as the box shows the text, so only a failure waits this long.
 */
export const SETTLE_MAX_MS = 5000;
const SETTLE_STEP_MS = 50;

/**
 * The pane as it reads after the paste. The agent draws the paste on a later frame, in pieces for a
 * long one: look again until the input box shows the pasted text, or a screen other than the input
 * prompt holds still for two looks (a dialog appeared), or SETTLE_MAX_MS passes — then that screen
 * decides. Nothing is sent meanwhile, and only an idle screen showing the text ever gets the Enter.
 */
async function lookAfterPaste(panes: PaneAccess, paneKey: PaneKey, text: string, clock: Clock): Promise<PaneLook> {
  const deadline = clock.now() + SETTLE_MAX_MS;
  let last = await panes.look(paneKey);
  for (;;) {
    if (last.kind === 'gone') return last;
    if (last.screen.kind === 'idle' && draftShowsText(last.screen.draft, text, last.runtime.id)) return last;
    if (clock.now() >= deadline) return last;
    await sleep(clock, SETTLE_STEP_MS);
    const next = await panes.look(paneKey);
    if (next.kind !== 'gone' && next.screen.kind !== 'idle' && sameLook(last, next)) return next;
    last = next;
  }
}

/** The box's text for a message: one line, cut short (a draft can be a whole paste). */
function shownDraft(draft: string): string {
  const line = draft.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? line.slice(0, 57) + '...' : line;
}

export { ESCAPE_PAUSE_MS };

export interface TypeTextRequest {
  readonly paneKey: PaneKey;
  readonly text: string;
  readonly reason: string;
  readonly surface: Surface;
  readonly itemId: string | null;
  readonly action: AuditRecord['action'];
  /** Refuse when the user has text typed into the input line (the watchdog must not clobber a draft). */
  readonly refuseOverDraft?: boolean;
}

/** Type `text` + Enter into an idle agent, or refuse and send nothing. */
export async function typeIntoIdle(deps: TypeTextDeps, req: TypeTextRequest): Promise<ActionResult> {
  const { panes, store, clock } = deps;
  if (req.text.trim() === '') return { outcome: 'refused', message: 'nothing to type' };
  // Before the draft is cleared or anything is audited: a refused text leaves no trace in the pane.
  const problem = typedTextProblem(req.text);
  if (problem !== null) return { outcome: 'refused', message: `${problem}; nothing was typed` };
  const unreachable = panes.unreachable?.(req.paneKey) ?? null;
  if (unreachable) return { outcome: 'refused', message: `${unreachable}; nothing was typed` };
  const escAt = deps.lastEscapeAt?.(req.paneKey) ?? null;
  if (escAt !== null && clock.now() - escAt < ESCAPE_PAUSE_MS) await sleep(clock, ESCAPE_PAUSE_MS - (clock.now() - escAt));
  const look = await panes.look(req.paneKey);
  if (look.kind === 'gone') return { outcome: 'gone', message: 'the pane is gone; nothing was typed' };
  if (look.screen.kind !== 'idle') {
    return { outcome: 'refused', message: `the agent is not at its input prompt (it shows: ${look.screen.kind}); nothing was typed` };
  }
  if (req.refuseOverDraft && look.screen.draft.trim() !== '') {
    return { outcome: 'refused', message: 'someone has text typed in the input line; nothing was typed' };
  }
  const audit: AuditRecord = {
    paneKey: req.paneKey,
    runtime: look.runtime.id,
    action: req.action,
    payload: req.text,
    reason: req.reason,
    surface: req.surface,
    itemId: req.itemId,
    outcome: 'sent',
  };
  store.recordSend(req.itemId, audit);
  try {
    return await pasteAndSubmit(deps, req, audit);
  } catch (error) {
    // Killed (or its server stopped) after the look: tmux found no pane, so nothing more reached it.
    if (!paneWent(error)) throw error;
    return wentWhileTyping(store, audit);
  }
}

/** The pane went between the look and the end of typing: audited, and answered `gone`. */
function wentWhileTyping(store: ActionStore, audit: AuditRecord): ActionResult {
  store.appendAudit({ ...audit, action: 'key', payload: '(nothing more sent)', outcome: 'aborted: the pane went' });
  return { outcome: 'gone', message: 'the pane is gone (it went while typing); nothing more was sent' };
}

/** C-u, paste, look until the box shows the text, then Enter — or withhold it and clear what was typed. */
async function pasteAndSubmit(deps: TypeTextDeps, req: TypeTextRequest, audit: AuditRecord): Promise<ActionResult> {
  const { panes, store, clock } = deps;
  // C-u clears whatever is in the input line; the paste keeps newlines and special characters literal.
  await panes.sendKeys(req.paneKey, ['C-u']);
  await panes.pasteText(req.paneKey, req.text);
  const pastedAt = clock.now();
  // Look once more before Enter: if a prompt or dialog appeared meanwhile, Enter would answer it.
  let before = await lookAfterPaste(panes, req.paneKey, req.text, clock);
  // A CLI that takes an Enter right after a paste as part of it (a newline) gets its Enter later, after one more look.
  const hold = before.kind === 'gone' ? 0 : (before.runtime.enterAfterPasteMs ?? 0) - (clock.now() - pastedAt);
  if (hold > 0) {
    await sleep(clock, hold);
    before = await panes.look(req.paneKey);
  }
  if (before.kind === 'gone') return wentWhileTyping(store, audit);
  if (before.screen.kind !== 'idle') {
    store.appendAudit({ ...audit, action: 'key', payload: '(Enter withheld)', outcome: 'aborted: screen changed before Enter' });
    return { outcome: 'changed', message: 'the screen changed while typing; Enter was not sent' };
  }
  // Enter only when the agent's input box now holds what we pasted: anything else (a screen drawn by
  // something that does not read the paste, a program that ate part of it) gets no Enter, and what we
  // typed is cleared again, so no half-text waits for someone else's Enter.
  if (!draftShowsText(before.screen.draft, req.text, before.runtime.id)) {
    const withheld = 'Enter withheld: the input box did not show the typed text';
    store.appendAudit({ ...audit, action: 'key', payload: 'C-u', reason: `${req.reason} (${withheld})`, outcome: `aborted: ${withheld}` });
    await panes.sendKeys(req.paneKey, ['C-u']);
    return {
      outcome: 'changed',
      message: `the input box did not show the typed text afterwards (it showed ${JSON.stringify(shownDraft(before.screen.draft))}); what was typed was cleared and Enter was not sent`,
    };
  }
  await panes.sendKeys(req.paneKey, ['Enter']);
  return {
    outcome: 'confirmed',
    message: `typed ${JSON.stringify(req.text.length > 60 ? req.text.slice(0, 57) + '...' : req.text)}`,
    sent: ['C-u', 'paste', 'Enter'],
  };
}
