/** Bad input never crashes the cursor classifier and never becomes an approvable prompt. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { cursorRuntime } from '../../../../main/engine/runtimes/cursor/index.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

describe('cursor robustness', () => {
  it('is unknown for an empty capture', () => {
    expect(cursorRuntime.classify({ lines: [] }).kind).toBe('unknown');
  });

  it('is unknown for binary garbage', () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      String.fromCharCode(...Array.from({ length: 120 }, (_, k) => (i * 7919 + k * 104729) % 0xffff)),
    );
    expect(cursorRuntime.classify({ lines }).kind).toBe('unknown');
  });

  it('handles very long lines quickly', () => {
    const lines = [
      ' '.repeat(200_000) + 'x',
      'Run this command?' + ' ('.repeat(50_000) + ')',
      '│ ' + '(a) '.repeat(50_000) + '│',
      '> ' + '['.repeat(100_000),
    ];
    const started = performance.now();
    cursorRuntime.classify({ lines });
    for (const line of lines) cursorRuntime.isVolatileLine(line);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('keeps wide Unicode intact in what it reads', () => {
    let checked = 0;
    for (const name of captureNames('cursor')) {
      const lines = loadCapture('cursor', name).lines.map((l) =>
        l.replace(/rm -rf build|npm test(?= in)|git status --short|git push origin main/, 'rm -rf 日本語-🚀'),
      );
      const screen = cursorRuntime.classify({ lines });
      if (screen.kind === 'permission') {
        expect(screen.subject, name).toContain('日本語-🚀');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('never offers an approve key on any screen cut off at any line', () => {
    for (const name of captureNames('cursor')) {
      const lines = loadCapture('cursor', name).lines;
      const whole = lines.findLastIndex((l) => l.trim() !== '') + 1;
      for (let end = 1; end < whole; end++) {
        const screen = cursorRuntime.classify({ lines: lines.slice(0, end) });
        if (screen.kind === 'permission') expect(approveKeyFor(screen), `${name} cut at ${end}`).toBeNull();
      }
    }
  });
});
