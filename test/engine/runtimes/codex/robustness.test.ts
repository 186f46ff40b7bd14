/** Bad input never crashes the Codex classifier and never becomes a confident prompt. */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import { approveKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { loadCapture } from './fixture-files.ts';

const garbage = (n: number, seed: number) => {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return String.fromCharCode(x % 0xffff);
  }).join('');
};

describe('codex robustness', () => {
  it('is unknown for an empty capture', () => {
    expect(codexRuntime.classify({ lines: [] }).kind).toBe('unknown');
  });

  it('is unknown for a blank screen', () => {
    expect(codexRuntime.classify({ lines: Array(40).fill('') }).kind).toBe('unknown');
  });

  it('is unknown for binary garbage', () => {
    const lines = Array.from({ length: 40 }, (_, i) => garbage(120, i + 1));
    expect(codexRuntime.classify({ lines, ansiLines: lines }).kind).toBe('unknown');
  });

  it('handles very long lines quickly', () => {
    const lines = [' '.repeat(200_000) + 'x', '('.repeat(100_000) + 'esc to interrupt)', '› '.repeat(50_000), '  1. '.repeat(40_000)];
    const started = performance.now();
    codexRuntime.classify({ lines, ansiLines: lines });
    for (const line of lines) codexRuntime.isVolatileLine(line);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads wide Unicode in the command and the labels', () => {
    const lines = loadCapture('codex', 'approval-exec').lines.map((l) => l.replace('touch lab-approve-1.txt', 'touch 日本語-🚀.txt'));
    const screen = codexRuntime.classify({ lines });
    expect(screen.kind === 'permission' && screen.subject).toBe('touch 日本語-🚀.txt');
    expect(screen.kind === 'permission' && approveKeyFor(screen)).toBe('1');
  });

  it('gives no approve key for a prompt cut off at every line', () => {
    const lines = loadCapture('codex', 'approval-exec').lines;
    const full = lines.length - 1;
    for (let end = 1; end < full; end++) {
      const screen = codexRuntime.classify({ lines: lines.slice(0, end) });
      if (screen.kind === 'permission') expect(approveKeyFor(screen), `cut at ${end}`).toBeNull();
    }
  });
});
