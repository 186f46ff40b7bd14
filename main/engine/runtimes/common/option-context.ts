/**
 * Safety-critical: option kinds read from the whole menu, not from one label at a time.
 *
 * Two things a single label cannot tell:
 * - A bare action (`Allow search (y)`, `Fetch (y)`, `Run command`) is the single-use answer when a
 *   sibling on the same menu states the wider scope (`Always allow … (tab)`, `Run Everything`,
 *   `Allow for this session`): the CLI spells out every broader grant, so the bare one is "this call".
 *   Without such a sibling its scope is unclear and it keeps its own kind (`other` or `always`).
 * - A description column after the label (Codex's MCP elicitation: `Allow      Run the tool and
 *   continue.`) describes the option; the label decides, unless the description itself states a wider
 *   scope ("… remember this choice …"), which then counts as part of the label.
 */
import { BROADER_GRANT, classifyOptionLabel, normaliseLabel } from './classify-option.ts';
import type { OptionKind } from '../types.ts';

/**
 * A bare action: one approving verb and at most one plain object word (`fetch`, `allow search`,
 * `run command`). Nothing else: "and", a scope, a target name or a path makes it more than bare.
 */
const BARE_ACTION =
  /^(?:yes, )?(?:allow|approve|run|fetch|proceed|accept|execute|search|write|edit|delete|read|create|save)(?: (?:it|this|search|fetch|command|tool|call|request|edit|write|file|changes?))?$/;

/** Two or more spaces between a label and a description column (one space is part of a label). */
const COLUMN_GAP = /\s{2,}/;

/** The label without a description column, and the description ('' when none). */
export function splitDescription(label: string): { label: string; description: string } {
  const trimmed = label.trim();
  const gap = COLUMN_GAP.exec(trimmed);
  if (!gap) return { label: trimmed, description: '' };
  return { label: trimmed.slice(0, gap.index), description: trimmed.slice(gap.index + gap[0].length).trim() };
}

/** States a scope broader than this one call? (the same words `classifyOptionLabel` treats as broader) */
function statesWiderScope(text: string): boolean {
  const s = normaliseLabel(text);
  return BROADER_GRANT.some((re) => re.test(s));
}

/** A description that says no ("Cancel this tool call", "Skip it"): it cannot sit beside a yes. */
const SAYS_NO = /\b(?:no|not|cancel|reject|deny|decline|skip|don'?t)\b/;

/**
 * One label's kind with its description column taken into account. The description may only make an
 * option less approvable: a yes whose description widens it or says no is judged with it, and a no is
 * still a no only when label and description read together say no.
 */
function kindOfColumns(label: string): OptionKind {
  const { label: head, description } = splitDescription(label);
  const own = classifyOptionLabel(head);
  if (description === '') return own;
  const whole = classifyOptionLabel(`${head} ${description}`);
  switch (own) {
    case 'once':
      if (statesWiderScope(description)) return whole;
      return SAYS_NO.test(normaliseLabel(description)) ? 'other' : 'once';
    case 'deny':
      return whole === 'deny' ? 'deny' : 'other';
    case 'always':
      return 'always';
    case 'other':
      return statesWiderScope(description) ? whole : 'other';
  }
}

/**
 * The kind of every option of one menu, in order. Each label is classified alone first; then, when a
 * sibling states a wider scope, the single bare action among the rest is the single-use answer. Two
 * bare actions, or none, change nothing: where the scope is unclear, approve stays withheld.
 */
export function classifyOptionLabels(labels: readonly string[]): OptionKind[] {
  const kinds = labels.map(kindOfColumns);
  if (kinds.includes('once')) return kinds;
  // The sibling must be a grant that states its scope; a lasting no ("No, and block … in the future")
  // says nothing about how far the yes reaches.
  const wider = labels.some((l, i) => kinds[i] === 'always' && statesWiderScope(l));
  if (!wider) return kinds;
  const bare = labels.flatMap((l, i) =>
    !statesWiderScope(l) && kinds[i] !== 'deny' && BARE_ACTION.test(normaliseLabel(splitDescription(l).label)) ? [i] : [],
  );
  if (bare.length !== 1) return kinds;
  return kinds.map((k, i) => (i === bare[0] ? 'once' : k));
}

/** Options with their kinds from the whole menu (see `classifyOptionLabels`). */
export function withKinds<T extends { readonly label: string }>(options: readonly T[]): (T & { readonly kind: OptionKind })[] {
  const kinds = classifyOptionLabels(options.map((o) => o.label));
  return options.map((o, i) => ({ ...o, kind: kinds[i] ?? 'other' }));
}
