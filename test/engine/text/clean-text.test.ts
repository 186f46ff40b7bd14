import { describe, expect, it } from 'vitest';
import {
  cleanExternalText,
  cleanIfText,
  decodeExternalText,
  escapeForTerminal,
  visibleCodePoint,
} from '../../../main/engine/text/clean-text.ts';

const ESC = '\x1b';
const BEL = '\x07';
const ST = `${ESC}\\`;

// Nothing a terminal acts on may survive: no C0 (but tab/newline), no DEL, no C1, no format
// character, no line/paragraph separator, no lone surrogate.
// eslint-disable-next-line no-control-regex
const ACTS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]|[\ud800-\udfff]/u;

/** Hostile strings: name, input, and the text that must be visible in the cleaned result. */
const CORPUS: ReadonlyArray<readonly [string, string, string]> = [
  ['erase line and return to column 1', `rm -rf ~/${ESC}[2K${ESC}[1Gls -la`, 'rm -rf ~/␛[2K␛[1Gls -la'],
  ['window title (OSC 0, BEL-terminated)', `${ESC}]0;owned${BEL}ls`, '␛]0;owned␇ls'],
  ['clipboard write (OSC 52, ST-terminated)', `${ESC}]52;c;cm0gLXJmIH4v${ST}ls`, '␛]52;c;cm0gLXJmIH4v␛\\ls'],
  ['hyperlink (OSC 8)', `${ESC}]8;;https://evil.example${ST}click${ESC}]8;;${ST}`, '␛]8;;https://evil.example␛\\click'],
  ['DCS', `${ESC}Pq#0;2;0;0;0${ST}x`, '␛Pq#0;2;0;0;0␛\\x'],
  ['APC', `${ESC}_Gf=100;AAAA${ST}x`, '␛_Gf=100;AAAA␛\\x'],
  ['PM', `${ESC}^secret${ST}x`, '␛^secret␛\\x'],
  ['SOS', `${ESC}Xhidden${ST}x`, '␛Xhidden␛\\x'],
  ['lone ESC at the end', `ls${ESC}`, 'ls␛'],
  ['ESC c (full reset)', `${ESC}cls`, '␛cls'],
  ['SGR conceal hides text', `ls ${ESC}[8mrm -rf ~${ESC}[0m`, 'ls ␛[8mrm -rf ~␛[0m'],
  ['carriage return overwrites the line', 'rm -rf ~/\rls -la   ', 'rm -rf ~/␍ls -la'],
  ['backspaces erase what came before', 'rm -rf ~\b\b\b\b\b\b\b\bls', 'rm -rf ~␈␈'],
  ['NUL', 'a\x00b', 'a␀b'],
  ['DEL', 'a\x7fb', 'a␡b'],
  ['one-byte CSI (C1 U+009B)', 'a\u009b2Kb', 'a<U+009B>2Kb'],
  ['one-byte OSC (C1 U+009D)', 'a\u009d0;t\u009cb', 'a<U+009D>0;t<U+009C>b'],
  ['right-to-left override', 'ls \u202Eftp.exe', 'ls <U+202E>ftp.exe'],
  ['isolates', '\u2066a\u2067b\u2068c\u2069', '<U+2066>a<U+2067>b<U+2068>c<U+2069>'],
  ['embeddings and pop', '\u202Aa\u202Bb\u202Cc\u202Dd', '<U+202A>a<U+202B>b<U+202C>c<U+202D>d'],
  ['LRM, RLM, ALM', 'a\u200Eb\u200Fc\u061Cd', 'a<U+200E>b<U+200F>c<U+061C>d'],
  ['zero-width space, non-joiner, joiner', 'r\u200Bm\u200C \u200D-rf', 'r<U+200B>m<U+200C> <U+200D>-rf'],
  ['word joiner and BOM', 'a\u2060b\uFEFFc', 'a<U+2060>b<U+FEFF>c'],
  ['tag characters (hidden ASCII)', 'ok\u{E0072}\u{E006D}', 'ok<U+E0072><U+E006D>'],
  ['line and paragraph separators', 'a\u2028b\u2029c', 'a<U+2028>b<U+2029>c'],
  ['lone high surrogate', 'a\ud800b', 'a\uFFFDb'],
  ['lone low surrogate', 'a\udc00b', 'a\uFFFDb'],
];

describe('cleanExternalText', () => {
  it.each(CORPUS)('%s: nothing acts and the text shows', (_name, input, visible) => {
    const clean = cleanExternalText(input);
    expect(clean).not.toMatch(ACTS);
    expect(clean).toContain(visible);
  });

  it.each(CORPUS)('%s: cleaning twice changes nothing', (_name, input) => {
    const once = cleanExternalText(input);
    expect(cleanExternalText(once)).toBe(once);
  });

  it('keeps ordinary text, tabs, newlines, accents, CJK, emoji and private-use icons as they are', () => {
    const text = 'git commit -m "fix: café"\n\tnpm test — 测试 ✓ 🚀 \uE0A0 a\u0301';
    expect(cleanExternalText(text)).toBe(text);
  });

  it('turns CRLF into a newline but shows a lone carriage return', () => {
    expect(cleanExternalText('a\r\nb\rc')).toBe('a\nb␍c');
  });

  it('shows a zero-width joiner inside an emoji sequence too (it can hide characters elsewhere)', () => {
    expect(cleanExternalText('👩\u200D💻')).toBe('👩<U+200D>💻');
  });

  it('cleans a 2 MB string of escapes whole', () => {
    const big = `${ESC}[2K`.repeat(500_000);
    const clean = cleanExternalText(big);
    expect(clean.length).toBe(big.length);
    expect(clean).not.toMatch(ACTS);
  });
});

describe('decodeExternalText', () => {
  it('replaces invalid UTF-8 (a stray continuation byte, a truncated sequence, an overlong form, a surrogate) with U+FFFD', () => {
    const bytes = Uint8Array.from([0x61, 0x80, 0x62, 0xe2, 0x82, 0x63, 0xc0, 0xaf, 0x64, 0xed, 0xa0, 0x80, 0x65, 0x1b, 0x5b, 0x32, 0x4b]);
    const text = decodeExternalText(bytes);
    expect(text).not.toMatch(ACTS);
    expect(text.startsWith('a\uFFFDb\uFFFD')).toBe(true);
    expect(text.endsWith('e␛[2K')).toBe(true);
  });

  it('keeps a leading BOM visible instead of swallowing it', () => {
    expect(decodeExternalText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('<U+FEFF>a');
  });
});

describe('helpers', () => {
  it('cleanIfText cleans strings and passes other values through', () => {
    expect(cleanIfText(`a${ESC}b`)).toBe('a␛b');
    expect(cleanIfText(3)).toBe(3);
    expect(cleanIfText(undefined)).toBeUndefined();
  });

  it('escapeForTerminal cleans, and with oneLine shows newlines and tabs so a value stays in its cell', () => {
    expect(escapeForTerminal(`a${ESC}]0;t${BEL}\nb`)).toBe('a␛]0;t␇\nb');
    expect(escapeForTerminal('a\nb\tc', { oneLine: true })).toBe('a␤b␉c');
  });

  it('visibleCodePoint pads to four hex digits and keeps astral code points whole', () => {
    expect(visibleCodePoint(0x9b)).toBe('<U+009B>');
    expect(visibleCodePoint(0xe0041)).toBe('<U+E0041>');
  });
});
