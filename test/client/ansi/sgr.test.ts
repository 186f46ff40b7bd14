import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applySgr, parseLine, parseLines, PLAIN } from '../../../client/ansi/sgr.ts';

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/panes/${path}`, import.meta.url), 'utf8').split('\n');
const text = (spans: readonly { text: string }[]) => spans.map((s) => s.text).join('');

describe('applySgr', () => {
  it('reads a 256-colour foreground in semicolon form', () => {
    expect(applySgr(PLAIN, '38;5;153').fg).toBe('#afd7ff');
  });

  it('reads a 256-colour background in colon form', () => {
    expect(applySgr(PLAIN, '48:5:234').bg).toBe('#1c1c1c');
  });

  it('reads a 24-bit colour in semicolon form', () => {
    expect(applySgr(PLAIN, '38;2;255;128;0').fg).toBe('#ff8000');
  });

  it('reads a 24-bit colour in colon form with a colour-space id', () => {
    expect(applySgr(PLAIN, '38:2:0:10:20:30').fg).toBe('#0a141e');
  });

  it('keeps reading attributes after an extended colour', () => {
    const s = applySgr(PLAIN, '38;5;1;1;4');
    expect([s.fg, s.bold, s.underline]).toEqual(['#cd0000', true, true]);
  });

  it('maps basic and bright colours to the palette', () => {
    expect([applySgr(PLAIN, '31').fg, applySgr(PLAIN, '92').fg, applySgr(PLAIN, '44').bg]).toEqual(['#cd0000', '#00ff00', '#0000ee']);
  });

  it('resets everything on 0 and on an empty parameter list', () => {
    const styled = applySgr(PLAIN, '1;3;7;31;42');
    expect(applySgr(styled, '0')).toEqual(PLAIN);
    expect(applySgr(styled, '')).toEqual(PLAIN);
  });

  it('turns single attributes off', () => {
    const styled = applySgr(PLAIN, '1;2;3;4;7;9');
    expect(applySgr(styled, '22;23;24;27;29')).toEqual(PLAIN);
  });

  it('resets default colours with 39 and 49', () => {
    expect(applySgr(applySgr(PLAIN, '31;41'), '39;49')).toEqual(PLAIN);
  });
});

describe('parseLine', () => {
  it('splits text into spans at style changes', () => {
    const { spans } = parseLine('a\x1b[1mb\x1b[0mc');
    expect(spans.map((s) => [s.text, s.bold])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
  });

  it('merges adjacent text in the same style', () => {
    expect(parseLine('ab\x1b[39mcd').spans).toHaveLength(1);
  });

  it('drops non-SGR CSI, OSC hyperlinks and private modes without showing them', () => {
    const line = 'x\x1b[2Ky\x1b]8;;https://e.x\x07link\x1b]8;;\x1b\\z\x1b[?25l!';
    expect(text(parseLine(line).spans)).toBe('xylinkz!');
  });

  it('drops C0 control characters', () => {
    expect(text(parseLine('a\x07b\x00c').spans)).toBe('abc');
  });

  it('keeps markup-looking text as plain text', () => {
    const { spans } = parseLine('\x1b[31m<img src=x onerror=alert(1)>');
    expect(spans).toEqual([expect.objectContaining({ text: '<img src=x onerror=alert(1)>', fg: '#cd0000' })]);
  });

  it('never loses text on a truncated escape at the end', () => {
    expect(text(parseLine('done\x1b[').spans)).toBe('done[');
  });
});

describe('parseLines over real captures', () => {
  it('reproduces the plain capture of a Claude permission prompt exactly', () => {
    const plain = fixture('claude/perm-bash.txt');
    const parsed = parseLines(fixture('claude/perm-bash.ansi'));
    expect(parsed.map((spans) => text(spans).trimEnd())).toEqual(plain.map((l) => l.trimEnd()));
  });

  it('carries the colour of the Claude cursor line into the selected option', () => {
    const lines = fixture('claude/perm-bash.ansi');
    const parsed = parseLines(lines);
    const row = parsed.find((spans) => text(spans).includes('1. Yes'));
    expect(row?.find((s) => s.text.includes('Yes'))?.fg).toBe('#afd7ff');
  });

  it('shows the opencode highlighted option on its own background', () => {
    const parsed = parseLines(fixture('opencode/approval-bash.ansi'));
    const row = parsed.find((spans) => text(spans).includes('Allow once')) ?? [];
    const once = row.find((s) => s.text.includes('Allow once'));
    const always = row.find((s) => s.text.includes('Allow always'));
    expect(once?.bg).toBe('#ffaf5f');
    expect(always?.bg).toBe('#1c1c1c');
  });

  it('reproduces the plain capture of an opencode prompt exactly', () => {
    const plain = fixture('opencode/approval-bash.txt');
    const parsed = parseLines(fixture('opencode/approval-bash.ansi'));
    expect(parsed.map((spans) => text(spans).trimEnd())).toEqual(plain.map((l) => l.trimEnd()));
  });
});
