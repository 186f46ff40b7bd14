/**
 * Pure reading of single screen rows for the generic menu recogniser: box borders off, option rows
 * (`1.`, `1)`, `[1]`, `(1)`, `a.` … with an optional cursor marker), chrome rows and key-hint rows.
 */

/** Left borders a TUI draws in front of a menu (box sides, quote bars); one is taken off with its padding. */
const LEFT_BORDER = /^\s*[│┃║|▌▎▏]\s?/;
const RIGHT_BORDERS = '│┃║|▐';
/** A row made only of box-drawing, rule and block characters: a frame, not content. */
const CHROME = /^[\s─━═┄┅┈┉╌╍\-_╭╮╯╰┌┐└┘├┤┬┴┼╔╗╚╝╠╣│┃║|▀▄█▌▐▔▁]*$/;

/** Cursor markers TUIs put in front of the selected option. */
const MARKER = '❯>›▸▶→➜►';
/** An option row: indent, optional marker, key as `1.` `1)` `[1]` `(1)` `a.` `a)` `[a]` `(a)`, then its label. */
const OPTION = new RegExp(
  `^(\\s*)(?:([${MARKER}])\\s*)?(?:\\[([1-9][0-9]?|[a-zA-Z])\\]|\\(([1-9][0-9]?|[a-zA-Z])\\)|([1-9][0-9]?|[a-zA-Z])[.)])\\s+(\\S.*)$`,
);

/** A row with the box borders around it taken off. */
export function unbordered(row: string): string {
  // By hand, not `\s*[│]\s*$`: an unanchored-start regex is quadratic on a long run of spaces.
  let right = row.trimEnd();
  if (right !== '' && RIGHT_BORDERS.includes(right[right.length - 1] ?? '')) right = right.slice(0, -1).trimEnd();
  return right.replace(LEFT_BORDER, '');
}

/** Is this row nothing but a frame (or blank)? */
export function isChromeRow(row: string): boolean {
  return CHROME.test(row);
}

/** One option row as printed. `key` is the character(s) that name it (`1`, `b`); `indent` its column. */
export interface OptionRow {
  readonly indent: number;
  readonly marked: boolean;
  readonly key: string;
  readonly label: string;
}

/** Read an (unbordered) row as an option row, or null. */
export function optionRow(row: string): OptionRow | null {
  const m = OPTION.exec(row);
  if (!m) return null;
  const key = m[3] ?? m[4] ?? m[5] ?? '';
  return { indent: (m[1] ?? '').length, marked: m[2] !== undefined, key, label: (m[6] ?? '').trim() };
}

/** A key a menu hint names. */
const HINT_KEY =
  /(?:\besc(?:ape)?\b|\benter\b|\breturn\b|↵|⏎|\btab\b|\bspace\b|\bctrl[+-]\w\b|[↑↓←→]|\barrows?\b|\bup\/down\b|\b\d\s?-\s?\d\b|\by\/n\b|\bnumbers?\b)/i;
/** What a menu hint says the key does. Not "interrupt", "exit", "send" or "shortcuts": those are an input prompt's. */
const HINT_ACTION =
  /\b(?:select|choose|confirm|cancel|navigate|move|submit|answer|go back|back|dismiss|toggle|pick|deny|approve|accept|reject|decline|continue|proceed|respond|skip)\b/i;

/** Does this row read as a menu's key hint ("Esc to cancel · Enter to select", "↑/↓ to navigate")? */
export function isHintRow(row: string): boolean {
  const text = row.trim();
  if (text === '' || text.length > 200) return false;
  if (/\buse (?:the )?arrow keys\b/i.test(text)) return true;
  return HINT_KEY.test(text) && HINT_ACTION.test(text);
}

/**
 * Does this row name a key and what it does, whatever it does ("ctrl+r to review changed files",
 * "esc to interrupt")? Such rows may sit under a menu, but only a menu hint (`isHintRow`) makes one.
 */
export function isKeyRow(row: string): boolean {
  const text = row.trim();
  return text !== '' && text.length <= 200 && HINT_KEY.test(text) && /\bto\b|[:·•]/.test(text);
}

/** Does the hint say Escape cancels (and so answers no)? "Esc to cancel", "esc: deny", "(esc) reject". */
export function hintNamesEscapeCancel(row: string): boolean {
  return /\besc(?:ape)?\b[^·|•]{0,12}?\b(?:cancel|deny|reject|decline|dismiss|to say no)\b/i.test(row);
}
