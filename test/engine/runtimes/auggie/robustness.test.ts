/** Bad input never crashes the auggie classifier and never becomes an approvable prompt. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

describe('auggie robustness', () => {
  it('is unknown for an empty capture', () => {
    expect(auggieRuntime.classify({ lines: [] }).kind).toBe('unknown');
  });

  it('is unknown for binary garbage', () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      String.fromCharCode(...Array.from({ length: 120 }, (_, k) => (i * 7919 + k * 104729) % 0xffff)),
    );
    expect(auggieRuntime.classify({ lines }).kind).toBe('unknown');
  });

  it('handles very long lines quickly', () => {
    const lines = [
      ' '.repeat(200_000) + 'x',
      'Run this command?' + ' ('.repeat(50_000) + ')',
      '│ ' + '(a) '.repeat(50_000) + '│',
      '> ' + '['.repeat(100_000),
    ];
    const started = performance.now();
    auggieRuntime.classify({ lines });
    for (const line of lines) auggieRuntime.isVolatileLine(line);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('keeps wide Unicode intact in what it reads', () => {
    let checked = 0;
    for (const name of captureNames('auggie')) {
      const lines = loadCapture('auggie', name).lines.map((l) => l.replace(/^(│\s+[A-Z][A-Za-z ]+: |\s+Workspace: )/, '$1日本語-🚀 '));
      const screen = auggieRuntime.classify({ lines });
      if (screen.kind === 'permission') {
        expect(screen.subject, name).toContain('日本語-🚀');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('never offers an approve key on the indexing consent cut off below or worded otherwise', () => {
    const lines = loadCapture('auggie', 'dialog-indexing').lines;
    const last = lines.findLastIndex((l) => l.includes('Press 1/2/3/4'));
    for (let end = 1; end <= last; end++) {
      const screen = auggieRuntime.classify({ lines: lines.slice(0, end) });
      if (screen.kind === 'permission') expect(approveKeyFor(screen), `cut at ${end}`).toBeNull();
    }
    const reworded = lines.map((l) =>
      l.replace('[3] Index this workspace for this session', '[3] Index this workspace for this session and later'),
    );
    const screen = auggieRuntime.classify({ lines: reworded });
    expect(screen.kind === 'permission' ? approveKeyFor(screen) : screen.kind).toBeNull();
  });

  it('never offers an approve key on a prompt cut off above or below', () => {
    let prompts = 0;
    for (const name of captureNames('auggie')) {
      const lines = loadCapture('auggie', name).lines;
      const hotkeys = lines.findLastIndex((l) => l.includes('[A]llow [D]eny'));
      const top = lines.findLastIndex((l) => l.startsWith('╭'));
      if (hotkeys < 0 || top < 0) continue;
      prompts++;
      for (let end = 1; end <= hotkeys; end++) {
        const screen = auggieRuntime.classify({ lines: lines.slice(0, end) });
        if (screen.kind === 'permission') expect(approveKeyFor(screen), `${name} cut at ${end}`).toBeNull();
      }
      for (let start = top + 1; start <= hotkeys; start++) {
        const screen = auggieRuntime.classify({ lines: lines.slice(start) });
        if (screen.kind === 'permission') expect(approveKeyFor(screen), `${name} from ${start}`).toBeNull();
      }
    }
    expect(prompts).toBeGreaterThan(5);
  });
});
