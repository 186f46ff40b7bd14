/**
 * A numbered option list read upward from its last row (Gemini CLI, Qwen Code, Copilot CLI draw theirs alike:
 * `● 1. Allow once`, `› 1. Yes, allow once`, `❯ 1. Yes`, each option's wrapped text on the rows under it).
 */

/** One numbered option as drawn; `label` includes its wrapped rows. */
export interface NumberedRowOption {
  readonly number: number;
  readonly label: string;
  readonly marked: boolean;
}

/** How a runtime draws its list. */
export interface NumberedBlockShape {
  /** The highlight marker's characters (`●`, `›❯`). */
  readonly markers: string;
  /** Wrapped rows an option may have under it. */
  readonly maxWrapped: number;
  /** A narrow pane puts single blank rows between wrapped options (Copilot CLI). */
  readonly blankBetween?: boolean;
}

/**
 * The options whose last row is `end` (rows already without box sides, trimmed): 1..n without holes. Null when
 * the rows are anything else, so a cut-off or foreign list is never half read.
 */
export function numberedBlockEndingAt(
  rows: readonly string[],
  end: number,
  shape: NumberedBlockShape,
): { readonly options: NumberedRowOption[]; readonly start: number } | null {
  // A narrow pane squeezes the space out of the marker column (`❯2. Yes`, Copilot CLI at 20 columns).
  const option = new RegExp(`^([${shape.markers}]\\s*)?(\\d{1,2})\\.\\s+(\\S.*)$`);
  const found: { number: number; label: string; marked: boolean; extra: string[] }[] = [];
  let extra: string[] = [];
  let i = end;
  for (; i >= 0 && i > end - 40; i--) {
    const row = rows[i] ?? '';
    const m = option.exec(row);
    if (m) {
      found.unshift({ number: Number(m[2]), label: (m[3] ?? '').trim(), marked: m[1] !== undefined, extra });
      extra = [];
      if (m[2] === '1') break;
    } else if (row === '' && shape.blankBetween && found.length > 0 && rows[i - 1] !== '') {
      continue;
    } else if (row !== '' && extra.length < shape.maxWrapped) {
      // Read upward, the rows under an option (its wrapped text) come before the option itself.
      extra.unshift(row);
    } else return null;
  }
  if (found.length === 0 || found[0]?.number !== 1 || i < 0) return null;
  if (!found.every((o, k) => o.number === k + 1)) return null;
  return { options: found.map((o) => ({ number: o.number, marked: o.marked, label: [o.label, ...o.extra].join(' ') })), start: i };
}

/**
 * The nearest row above `from` (at most `span` rows up) that `test` accepts, or -1; `stop` ends the search
 * early (a box's top edge). Where a list's question and its header are found.
 */
export function rowAbove(
  rows: readonly string[],
  from: number,
  span: number,
  test: (row: string) => boolean,
  stop: (index: number) => boolean = () => false,
): number {
  for (let i = from - 1; i >= 0 && i >= from - span; i--) {
    if (test(rows[i] ?? '')) return i;
    if (stop(i)) return -1;
  }
  return -1;
}

/**
 * A question above a list that a narrow pane may have wrapped over several rows: the nearest run of at most
 * `maxRows` consecutive non-blank rows, ending at most `span` rows above `from`, whose text joined by spaces
 * `test` accepts (one row alone is tried first). `stop` ends the search early (a box's top edge). Null when none.
 */
export function wrappedRowsAbove(
  rows: readonly string[],
  from: number,
  span: number,
  maxRows: number,
  test: (text: string) => boolean,
  stop: (index: number) => boolean = () => false,
): { readonly start: number; readonly end: number; readonly text: string } | null {
  for (let end = from - 1; end >= 0 && end >= from - span; end--) {
    if (stop(end)) return null;
    let text = '';
    for (let start = end; start >= 0 && start > end - maxRows && (rows[start] ?? '') !== '' && !stop(start); start--) {
      text = text === '' ? (rows[start] ?? '') : `${rows[start] ?? ''} ${text}`;
      if (test(text)) return { start, end, text };
    }
  }
  return null;
}

/**
 * The last row of the option whose number row is `at`: its wrapped rows (and a description under it) run on until a
 * blank row, the next option or `maxWrapped` rows, never past `last`. Where a list read upward must end when a
 * dialog's hint or note follows it.
 */
export function optionEndRow(
  rows: readonly string[],
  at: number,
  last: number,
  maxWrapped: number,
  isOption: (row: string) => boolean,
): number {
  let end = at;
  while (end < last && end - at < maxWrapped && (rows[end + 1] ?? '') !== '' && !isOption(rows[end + 1] ?? '')) end++;
  return end;
}

/** Index of the one marked option, or null when none or several are marked. */
export function markedOption(options: readonly NumberedRowOption[]): number | null {
  const marked = options.flatMap((o, k) => (o.marked ? [k] : []));
  return marked.length === 1 ? (marked[0] ?? null) : null;
}
