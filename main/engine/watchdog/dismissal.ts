/**
 * Blocking dialogs the watchdog may dismiss unattended, with the exact verified key. Everything not
 * listed here goes to the queue. An entry needs a capture whose note verifies that the key closes the
 * dialog without changing any permission or setting.
 *
 * Looked through every capture in fixtures/panes (Claude 2.1.329 + 2.1.197, Codex 0.169.0, opencode
 * 1.18.33). No usage-credit offer, feedback survey or "what's new" notice was captured. The only
 * verified safe dismissal is Codex's startup-warnings overlay (Esc closes it). Deliberately NOT here:
 * - Claude trust folder: Enter (default "No, exit") and Esc both EXIT the CLI.
 * - Claude API-key dialog: Enter/Esc reject the key (the session is then not logged in).
 * - Claude auto-mode offer: the default option turns auto mode on.
 * - Codex model migration: Esc ACCEPTS the new model (and it is saved to config.toml).
 * - Codex trust / login: persistent decisions that need a human.
 * - opencode "Always allow" confirmation: Enter = allow always.
 * - Permission prompts, AskUserQuestion, plan approval: answers, never dismissals.
 */
import type { DialogScreen, RuntimeId } from '../runtimes/types.ts';

/** One dialog known to be safe to dismiss. */
export interface SafeDismissal {
  readonly id: string;
  readonly runtime: RuntimeId;
  /** Dialog ids a runtime parser may give it. */
  readonly dialogIds: readonly string[];
  /** Or recognised by its title/question line as captured. */
  readonly question: RegExp;
  /** tmux key name that dismisses it. */
  readonly key: string;
  /** Where this was verified. */
  readonly evidence: string;
}

/** The catalog. */
export const SAFE_DISMISSALS: readonly SafeDismissal[] = [
  {
    id: 'codex.startup-warnings',
    runtime: 'codex',
    dialogIds: ['codex.startup-warnings', 'codex.warnings', 'codex.warnings-overlay'],
    question: /^\s*Warnings · \d+ of \d+\b/,
    key: 'Escape',
    evidence: 'fixtures/panes/codex/overlay-warnings.md: footer "esc dismiss & close"; Esc closes it',
  },
];

/** Dialogs that must never be dismissed, whatever a catalog entry might match (belt and braces). */
export const NEVER_DISMISS: readonly string[] = [
  'claude.trust-folder',
  'claude.api-key',
  'claude.auto-mode-offer',
  'claude.ask-user-question',
  'claude.plan-approval',
  'codex.model-migration',
  'codex.trust',
  'codex.login',
  'opencode.always-allow-confirm',
];

/**
 * The key that dismisses this dialog, or null when it must go to the queue. A dialog offering any
 * grant (an option of kind `once` or `always`) is never dismissed, even if its text matches.
 */
export function dismissalFor(dialog: DialogScreen, catalog: readonly SafeDismissal[] = SAFE_DISMISSALS): string | null {
  if (dialog.dialogId !== null && NEVER_DISMISS.includes(dialog.dialogId)) return null;
  if (dialog.options.some((o) => o.kind === 'once' || o.kind === 'always')) return null;
  const entry = catalog.find(
    (e) =>
      e.runtime === dialog.runtime &&
      ((dialog.dialogId !== null && e.dialogIds.includes(dialog.dialogId)) || e.question.test(dialog.question)),
  );
  return entry?.key ?? null;
}
