/** Safety-critical: decides from an option's label whether it grants once, grants more, or says no. */
import type { OptionKind } from '../types.ts';

/**
 * Phrases that make an option grant more than this one invocation. Checked before anything else:
 * a label that contains one of these is `always`, whatever else it says.
 */
export const BROADER_GRANT: readonly RegExp[] = [
  /don'?t ask again/,
  /do not ask again/,
  /\bnever ask\b/,
  /\bstop asking\b/,
  /\balways\b/,
  /\bremember\b/,
  /\bpermanent/,
  /\bsession\b/,
  /\bproject\b/,
  /\bworkspace\b/,
  /\bauto[- ]?(mode|accept|approve)/,
  /\baccept edits\b/,
  /\ball edits\b/,
  /\ballow all\b/,
  /\bswitch to\b/,
  /\bmode\b/,
  /\bfrom now on\b/,
  /\bwithout asking\b/,
  /\bbypass\b/,
  /\byolo\b/,
  /\btrust\b/,
  /\bfor (these|all|every|any)\b/,
  /\bcommands that start with\b/,
  // Codex 0.169.0 network and permission grants: "for this conversation", "this host in the future".
  /\bconversation\b/,
  /\bin the future\b/,
  /\bfor this turn\b/,
  // Cursor agent 2026.09: `Add Shell(echo) to allowlist? (tab)` writes a lasting rule; `Run Everything (shift+tab)` runs all.
  /\ballow-?list/,
  /\bwhitelist/,
  /\beverything\b/,
];

/**
 * Exact single-use approvals, after normalisation. A whitelist on purpose: a label we have not seen
 * is never `once`, so an unknown option can never be approved by accident.
 */
const SINGLE_USE = new Set([
  'yes',
  'yes, proceed',
  'proceed',
  'allow',
  'allow once',
  'yes, allow once',
  'approve',
  'approve once',
  'run',
  'run once',
  'allow this time',
  'yes, once',
  'accept',
  'accept once',
  // Codex 0.169.0 network-access prompt (label from its binary; the words bound it to this one call).
  'yes, just this once',
  'just this once',
  // Cursor agent 2026.09 (peer captures): `→ Run (once) (y)` on a shell approval, `→ Delete (y)` on "Delete this file?".
  'run (once)',
  'delete',
  // Kiro CLI 2.24–2.27 (peer captures): `❯ Yes, single permission` beside `Trust, always allow in this session`.
  'yes, single permission',
  // Claude Code "Run a dynamic workflow?": `1. Yes, run it` runs this one workflow (no standing grant offered beside it).
  'yes, run it',
  // Codex 0.171.0 MCP elicitation: accept this one request (its siblings decline or cancel it).
  'yes, provide the requested info',
  // Claude Code 2.1.332 read outside the working directories: this read, and ask again for the next one.
  'yes, but ask again next time',
]);

/**
 * Exact labels whose scope words bound them to the one question on screen, checked before the scope
 * words above. Each is asked afresh every time its scope ends, so choosing it answers this asking and
 * nothing later: auggie's workspace-indexing consent asks at every start until the user picks [1] or
 * [2] (test/fixtures/panes/auggie/dialog-indexing.md); "for this session" is its only such answer.
 * Exact matches only: "Yes, allow reading from plans/ during this session" stays a broader grant.
 */
const ONCE_PER_ASKING = new Set(['index this workspace for this session']);

/** Exact labels that say no without a no-word: Cursor 2026.09's `Keep (n)` under "Delete this file?". */
const SINGLE_NO = new Set(['keep']);
// "Don't trust" (Gemini CLI's and Qwen Code's folder trust) refuses the trust: a no, though `trust` is a scope word.
const NO = /^(no|reject|deny|decline|cancel|don'?t allow|do not allow|disallow|skip|don'?t trust|do not trust)\b/;
/**
 * A no that also writes a lasting rule ("No, and block this host in the future", Gemini's and Qwen's "No, don't
 * ask again") is more than this answer.
 */
const LASTING_NO =
  /\bin the future\b|\balways\b|\bblock\b|\bnever\b|\bfrom now on\b|\bsession\b|\bconversation\b|\bproject\b|don'?t ask again|do not ask again/;
/** "No, continue without running it": going on without the tool is not a yes to it. */
const GO_ON_WITHOUT = /\bcontinue without\b/g;
const SAYS_YES = /\b(yes|allow|approve|proceed|accept|trust|continue)\b/;

/** Lower-case, drop trailing key hints like "(y)", "(esc)", "(shift+tab)" and a trailing period. */
export function normaliseLabel(label: string): string {
  let s = label.trim().toLowerCase().replace(/\s+/g, ' ');
  // Trailing parenthesised key hints, possibly several: "(p)", "(esc)", "(shift+tab)".
  for (;;) {
    const next = s.replace(/\s*\((?:[a-z]|esc|enter|tab|shift\+tab|ctrl\+[a-z]|recommended)\)$/, '');
    if (next === s) break;
    s = next;
  }
  return s.replace(/[.!]+$/, '').trim();
}

/** Classify one option label. Pure; the single source of truth for every runtime. */
export function classifyOptionLabel(label: string): OptionKind {
  // A label a narrow pane cut short with `…` (Gemini CLI, Qwen Code: `No, don't…`, `Allow o…`), anything after the
  // cut being other text: the cut part may widen it ("No, don't ask again"), so it is never once or deny; a wider
  // scope already in sight still counts.
  const cut = /^(.*?\S)\s*…/.exec(label.trim());
  if (cut) return classifyOptionLabel(cut[1] ?? '') === 'always' ? 'always' : 'other';
  const s = normaliseLabel(label);
  if (s === '') return 'other';
  if (SINGLE_NO.has(s)) return 'deny';
  if (NO.test(s)) {
    // "Deny never says yes": a "no" label that also says yes to something is not a plain no.
    const rest = s.replace(NO, '');
    if (LASTING_NO.test(rest)) return 'other';
    return SAYS_YES.test(rest.replace(/don'?t allow|do not allow/g, '').replace(GO_ON_WITHOUT, '')) ? 'other' : 'deny';
  }
  if (ONCE_PER_ASKING.has(s)) return 'once';
  if (BROADER_GRANT.some((re) => re.test(s))) return 'always';
  if (SINGLE_USE.has(s)) return 'once';
  // Anything else that says yes grants something we cannot bound: treat as broader than once.
  if (SAYS_YES.test(s)) return 'always';
  return 'other';
}

/**
 * Is this the list's No row, though a narrow pane may have cut its label (`No, sugges…`, read as `other`)? Where a
 * runtime checks that a list ends in its No row, so is whole, and not cut off at the bottom.
 */
export function isNoRow(label: string, kind: OptionKind): boolean {
  return kind === 'deny' || /^No\b.*…$/.test(label.trim());
}
