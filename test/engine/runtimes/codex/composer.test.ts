/** Codex composer and turn state: placeholder vs draft, and what the transcript says about the turn. */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import { loadCapture } from './fixture-files.ts';

const FOOTER = ['', '  GPT-5.5 default · /home/dev/x', '  ← for agents · ? for shortcuts'];
const ENDED = ['› do a thing', '', '• Done.', '', '  Worked for 2s • 10:00', '', ''];

describe('codex composer', () => {
  it('treats dim composer text as the placeholder, whatever it says', () => {
    const lines = [...ENDED, '› Explain something new', ...FOOTER];
    const ansiLines = lines.map((l) => (l === '› Explain something new' ? '\x1b[1m›\x1b[0m \x1b[2mExplain something new\x1b[0m' : l));
    expect(codexRuntime.classify({ lines, ansiLines })).toEqual({ kind: 'idle', runtime: 'codex', draft: '' });
  });

  it('treats undimmed text that happens to equal the placeholder as a draft', () => {
    const lines = [...ENDED, '› Ask Codex to do anything', ...FOOTER];
    const ansiLines = lines.map((l) => (l.startsWith('› Ask') ? '\x1b[1m›\x1b[0m Ask Codex to do anything' : l));
    expect(codexRuntime.classify({ lines, ansiLines })).toEqual({ kind: 'idle', runtime: 'codex', draft: 'Ask Codex to do anything' });
  });

  it('knows the placeholder text without colour', () => {
    const lines = [...ENDED, '› Ask Codex to do anything', ...FOOTER];
    expect(codexRuntime.classify({ lines })).toEqual({ kind: 'idle', runtime: 'codex', draft: '' });
  });

  it('reads a multi-line draft', () => {
    const lines = [...ENDED, '› first line', '  second line', ...FOOTER];
    expect(codexRuntime.classify({ lines })).toEqual({ kind: 'idle', runtime: 'codex', draft: 'first line\nsecond line' });
  });

  it('is unknown when the composer has no footer under it', () => {
    const lines = [...ENDED, '› Ask Codex to do anything'];
    expect(codexRuntime.classify({ lines }).kind).toBe('unknown');
  });

  it('is unknown when a user message has nothing after it and no status line', () => {
    const lines = ['› do a thing', '', '', '› Ask Codex to do anything', ...FOOTER];
    expect(codexRuntime.classify({ lines }).kind).toBe('unknown');
  });

  it('is unknown when output fills the screen with no user message and no end of turn', () => {
    const lines = [...Array.from({ length: 30 }, (_, i) => `  streamed line ${i}`), '', '› Ask Codex to do anything', ...FOOTER];
    expect(codexRuntime.classify({ lines }).kind).toBe('unknown');
  });

  it('does not count a status line that sits above the last user message', () => {
    const lines = [
      '• Working (3s • esc to interrupt)',
      '',
      '› next',
      '',
      '• Done.',
      '',
      '  Worked for 1s • 10:00',
      '',
      '› Ask Codex to do anything',
      ...FOOTER,
    ];
    expect(codexRuntime.classify({ lines }).kind).toBe('idle');
  });

  it('sees an interrupted turn as idle even though its output was streaming', () => {
    const lines = loadCapture('codex', 'interrupted-esc').lines;
    expect(codexRuntime.classify({ lines }).kind).toBe('idle');
  });
});
