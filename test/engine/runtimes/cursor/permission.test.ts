/** Cursor approval block edge cases: no Esc hint, cut off, something under the block. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { cursorRuntime } from '../../../../main/engine/runtimes/cursor/index.ts';
import { loadCapture } from '../codex/fixture-files.ts';

const perm = () => [...loadCapture('cursor', 'perm-shell').lines];

describe('cursor approval block', () => {
  it('does not deny with Escape unless the screen says Esc picks the no', () => {
    const lines = perm().map((l) => l.replace('Skip (esc or n)', 'Skip (n)     '));
    const screen = cursorRuntime.classify({ lines });
    expect(screen.kind === 'permission' && screen.escapeDenies).toBe(false);
    // The printed no key still denies; Escape is never the answer here.
    expect(screen.kind === 'permission' && denyKeyFor(screen)).toBe('n');
    const unsure = lines.map((l) => l.replace('   Run Everything', ' → Run Everything'));
    const twoMarkers = cursorRuntime.classify({ lines: unsure });
    expect(twoMarkers.kind === 'permission' && [twoMarkers.confidence, denyKeyFor(twoMarkers)]).toEqual(['low', null]);
  });

  it('is not confident when two options print the same key', () => {
    const lines = perm().map((l) => l.replace('Run Everything (shift+tab)', 'Run Everything (y)        '));
    const screen = cursorRuntime.classify({ lines });
    expect(screen.kind === 'permission' && [screen.confidence, approveKeyFor(screen)]).toEqual(['low', null]);
  });

  it('is not confident when the box is not closed under the options', () => {
    const lines = perm();
    const cut = lines.slice(0, lines.findIndex((l) => l.includes('Skip (esc or n)')) + 1);
    const screen = cursorRuntime.classify({ lines: cut });
    expect(screen.kind === 'permission' && [screen.confidence, approveKeyFor(screen)]).toEqual(['low', null]);
  });

  it('reads the block under extra key-hint rows (ctrl+r to review changed files)', () => {
    const lines = [...perm(), '', ' '.repeat(60) + 'ctrl+r to review changed files'];
    const screen = cursorRuntime.classify({ lines });
    expect(screen.kind === 'permission' && approveKeyFor(screen)).toBe('y');
  });

  it('is no prompt when other text follows the options', () => {
    const lines = [...perm(), '  some later output'];
    expect(cursorRuntime.classify({ lines }).kind).not.toBe('permission');
  });

  it('is no prompt with a single option left on screen (cut off)', () => {
    const lines = perm();
    expect(cursorRuntime.classify({ lines: lines.slice(0, lines.findIndex((l) => l.includes('Run (once)')) + 1) }).kind).not.toBe(
      'permission',
    );
  });

  it('keeps a command containing " in " but drops the trailing cwd note', () => {
    const lines = perm().map((l) => l.replace('$ npm test in .      ', '$ for f in *.txt; do wc $f; done in .'));
    const screen = cursorRuntime.classify({ lines });
    expect(screen.kind === 'permission' && screen.subject).toBe('for f in *.txt; do wc $f; done');
  });
});
