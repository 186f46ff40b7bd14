/** opencode composer and footer: idle, working, draft, and what is neither. */
import { describe, expect, it } from 'vitest';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';
import { loadCapture } from '../codex/fixture-files.ts';

const idle = () => [...loadCapture('opencode', 'idle-after-turn').lines];

describe('opencode composer', () => {
  it('reads a multi-line draft', () => {
    const lines = idle();
    const at = lines.findLastIndex((l) => l.includes('Build · Mock Model Mock LLM'));
    lines.splice(at - 2, 1, '  ┃  first line', '  ┃  second line');
    expect(opencodeRuntime.classify({ lines })).toEqual({ kind: 'idle', runtime: 'opencode', draft: 'first line\nsecond line' });
  });

  it('is working when the footer says esc interrupt, whatever the composer holds', () => {
    const lines = idle().map((l) => l.replace('/home/dev/lab-codex/work/opencode-proj', '⬝⬝■■⬝⬝⬝⬝  esc interrupt'));
    expect(opencodeRuntime.classify({ lines }).kind).toBe('working');
  });

  it('is unknown when the composer has no footer under it', () => {
    const lines = idle().filter((l) => !l.includes('ctrl+p commands'));
    expect(opencodeRuntime.classify({ lines }).kind).toBe('unknown');
  });

  it('is unknown when the footer is unfamiliar', () => {
    const lines = idle().map((l) => l.replace('ctrl+p commands', 'something else'));
    expect(opencodeRuntime.classify({ lines }).kind).toBe('unknown');
  });
});

describe('opencode start screen', () => {
  it('is idle however far the centred composer sits above the bottom line', () => {
    const lines = [...loadCapture('opencode', 'idle-startup').lines];
    const versionLine = lines.findLastIndex((l) => l.includes('1.18.33'));
    lines.splice(versionLine, 0, ...Array(30).fill(''));
    expect(opencodeRuntime.classify({ lines })).toEqual({ kind: 'idle', runtime: 'opencode', draft: '' });
  });
});
