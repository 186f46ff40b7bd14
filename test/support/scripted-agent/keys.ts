/**
 * Turns the bytes a terminal delivers into keys named the way tmux names them (`Enter`, `Escape`,
 * `Down`, `C-u`, `M-a`, `1`), so scenarios and records read like `send-keys` arguments.
 */

/** One key as received: its tmux-style name, the exact characters, and for a bracketed paste the text. */
export interface Key {
  readonly name: string;
  readonly raw: string;
  readonly text?: string;
}

const CSI_NAMES: Readonly<Record<string, string>> = {
  A: 'Up',
  B: 'Down',
  C: 'Right',
  D: 'Left',
  H: 'Home',
  F: 'End',
  Z: 'BTab',
  '1~': 'Home',
  '2~': 'IC',
  '3~': 'DC',
  '4~': 'End',
  '5~': 'PPage',
  '6~': 'NPage',
  '7~': 'Home',
  '8~': 'End',
};
const SS3_NAMES: Readonly<Record<string, string>> = {
  A: 'Up',
  B: 'Down',
  C: 'Right',
  D: 'Left',
  H: 'Home',
  F: 'End',
  P: 'F1',
  Q: 'F2',
  R: 'F3',
  S: 'F4',
};
// xterm modifier parameter (`ESC[1;5A`) → tmux prefix.
const MODIFIERS: Readonly<Record<string, string>> = {
  '2': 'S-',
  '3': 'M-',
  '4': 'M-S-',
  '5': 'C-',
  '6': 'C-S-',
  '7': 'C-M-',
  '8': 'C-M-S-',
};
const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

/** The tmux name of one non-escape character. */
export function charKeyName(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === '\r') return 'Enter';
  if (ch === '\t') return 'Tab';
  if (ch === ' ') return 'Space';
  if (code === 0x7f) return 'BSpace';
  if (code === 0) return 'C-Space';
  if (code >= 1 && code <= 26) return `C-${String.fromCharCode(code + 96)}`;
  if (code >= 28 && code <= 31) return `C-${String.fromCharCode(code + 64)}`;
  return ch;
}

function csiName(seq: string): string {
  const body = seq.slice(2);
  const plain = CSI_NAMES[body];
  if (plain) return plain;
  const modified = /^1;(\d)([A-DFHZ])$/.exec(body) ?? /^(?:[1-8]);(\d)(~)$/.exec(body);
  if (modified) {
    const base = modified[2] === '~' ? CSI_NAMES[`${body[0]}~`] : CSI_NAMES[modified[2] ?? ''];
    const prefix = MODIFIERS[modified[1] ?? ''];
    if (base && prefix) return prefix + base;
  }
  return `^[${seq.slice(1)}`;
}

/**
 * Streaming decoder. `feed` returns the keys that are complete; an escape prefix that may still
 * grow (lone ESC, half a CSI, an open paste) stays pending until more bytes come or `flush()`.
 */
export class KeyDecoder {
  #buf = '';

  /** True while bytes wait for the escape timeout to decide what they are. */
  get hasPending(): boolean {
    return this.#buf.length > 0;
  }

  /** Add received characters; return the keys they complete. */
  feed(data: string): Key[] {
    this.#buf += data;
    return this.#drain(false);
  }

  /** The escape timeout expired: whatever is pending is a key now (a lone ESC is `Escape`). */
  flush(): Key[] {
    return this.#drain(true);
  }

  #drain(final: boolean): Key[] {
    const keys: Key[] = [];
    let i = 0;
    const buf = this.#buf;
    while (i < buf.length) {
      const taken = takeKey(buf, i, final);
      if (!taken) break;
      keys.push(taken.key);
      i = taken.end;
    }
    this.#buf = buf.slice(i);
    return keys;
  }
}

/** Decode one key at `i`, or null when more bytes are needed (never null when `final`). */
function takeKey(buf: string, i: number, final: boolean): { key: Key; end: number } | null {
  const at = (end: number, name: string, text?: string): { key: Key; end: number } => ({
    key: text === undefined ? { name, raw: buf.slice(i, end) } : { name, raw: buf.slice(i, end), text },
    end,
  });
  if (buf.startsWith(PASTE_START, i)) {
    const close = buf.indexOf(PASTE_END, i + PASTE_START.length);
    if (close >= 0) return at(close + PASTE_END.length, 'Paste', buf.slice(i + PASTE_START.length, close));
    return final ? at(buf.length, 'Paste', buf.slice(i + PASTE_START.length)) : null;
  }
  const ch = String.fromCodePoint(buf.codePointAt(i) ?? 0);
  if (ch !== '\x1b') return at(i + ch.length, charKeyName(ch));
  const next = buf[i + 1];
  if (next === undefined) return final ? at(i + 1, 'Escape') : null;
  if (next === '[') {
    for (let j = i + 2; j < buf.length; j++) {
      const c = buf.charCodeAt(j);
      if (c >= 0x40 && c <= 0x7e) {
        const seq = buf.slice(i, j + 1);
        // A paste start split across reads: wait for the rest.
        if (PASTE_START.startsWith(seq) && seq !== PASTE_START && !final) return null;
        return at(j + 1, csiName(seq));
      }
      if (c < 0x20 || c > 0x3f) return at(j, `^[${buf.slice(i + 1, j)}`);
    }
    return final ? at(buf.length, `^[${buf.slice(i + 1)}`) : null;
  }
  if (next === 'O') {
    const last = buf[i + 2];
    if (last === undefined) return final ? at(i + 2, 'M-O') : null;
    return at(i + 3, SS3_NAMES[last] ?? `^[O${last}`);
  }
  if (next === '\x1b') return at(i + 1, 'Escape');
  // ESC followed by a character in the same read is Meta+char, as Claude reads "Escape then text".
  const meta = String.fromCodePoint(buf.codePointAt(i + 1) ?? 0);
  return at(i + 1 + meta.length, `M-${charKeyName(meta)}`);
}

const NAMED = new Set([
  'Enter',
  'Escape',
  'Tab',
  'BTab',
  'Space',
  'BSpace',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'IC',
  'DC',
  'PPage',
  'NPage',
  'F1',
  'F2',
  'F3',
  'F4',
  'Paste',
]);

/**
 * A scenario key in canonical form: tmux names pass through (`Enter`, `C-u`, `M-x`, `S-Up`), raw
 * bytes are decoded (`\r` → `Enter`, `\x1b[B` → `Down`). Null when it is not exactly one key.
 */
export function canonicalKeyName(key: string): string | null {
  if (NAMED.has(key) || /^(?:[CMS]-)+\S+$/.test(key)) return key;
  const decoder = new KeyDecoder();
  const keys = [...decoder.feed(key), ...decoder.flush()];
  return keys.length === 1 ? (keys[0]?.name ?? null) : null;
}
