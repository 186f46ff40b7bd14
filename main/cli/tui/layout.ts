/** How the terminal's rows are shared between the list and the selected item's pane lines. Pure. */

/** Rows of everything but the list and the pane lines: header, separator, the item's 3 lines, actions, status. */
const FIXED_ROWS = 7;

/** The rows each part gets. */
export interface TuiLayout {
  /** Queue rows shown (the list scrolls to keep the selection in view). */
  readonly listRows: number;
  /** Pane lines shown under the selected item. */
  readonly tailRows: number;
}

/**
 * Shares `rows` (the terminal's height) after `banners` banner lines and `inputRows` (a reply line
 * or snooze menu): the list takes up to 40 % (at least 3 rows, never more than it has items), the
 * pane lines the rest.
 */
export function tuiLayout(rows: number, items: number, banners: number, inputRows: number): TuiLayout {
  const free = Math.max(rows - FIXED_ROWS - banners - inputRows, 0);
  const listRows = Math.min(items, Math.max(3, Math.floor(free * 0.4)), free);
  return { listRows, tailRows: Math.max(free - listRows, 0) };
}

/** The first row index to show so that `selected` is inside a window of `size` rows out of `total`. */
export function scrollTop(selected: number, size: number, total: number): number {
  if (size <= 0 || total <= size) return 0;
  const centred = selected - Math.floor(size / 2);
  return Math.min(Math.max(centred, 0), total - size);
}
