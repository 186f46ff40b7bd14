/** Bad input never crashes the opencode classifier and never becomes an approvable prompt. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';
import { loadCapture } from '../codex/fixture-files.ts';

describe('opencode robustness', () => {
  it('is unknown for an empty capture', () => {
    expect(opencodeRuntime.classify({ lines: [], ansiLines: [] }).kind).toBe('unknown');
  });

  it('is unknown for binary garbage', () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      String.fromCharCode(...Array.from({ length: 120 }, (_, k) => (i * 7919 + k * 104729) % 0xffff)),
    );
    expect(opencodeRuntime.classify({ lines, ansiLines: lines }).kind).toBe('unknown');
  });

  it('handles very long lines quickly', () => {
    const lines = [
      '  ┃  △ Permission required',
      '  ┃' + ' '.repeat(200_000) + 'x',
      '  ┃ ' + 'Allow once  '.repeat(20_000) + 'enter confirm',
      '  ┃',
    ];
    const ansiLines = lines.map((l) => '\x1b[48;5;234m' + l);
    const started = performance.now();
    opencodeRuntime.classify({ lines, ansiLines });
    for (const line of lines) opencodeRuntime.isVolatileLine(line);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads wide Unicode in the command', () => {
    const c = loadCapture('opencode', 'approval-bash');
    const edit = (l: string) => l.replaceAll('touch lab-allow-once.txt', 'touch 日本語-🚀.txt');
    const screen = opencodeRuntime.classify({ lines: c.lines.map(edit), ansiLines: (c.ansiLines ?? []).map(edit) });
    expect(screen.kind === 'permission' && screen.subject).toBe('touch 日本語-🚀.txt');
    expect(screen.kind === 'permission' && approveKeyFor(screen)).toBe('Enter');
  });

  it('gives no approve key for a prompt cut off at every line', () => {
    const c = loadCapture('opencode', 'approval-bash');
    const rowAt = c.lines.findIndex((l) => l.includes('Allow once'));
    for (let end = 1; end <= rowAt; end++) {
      const screen = opencodeRuntime.classify({ lines: c.lines.slice(0, end), ansiLines: (c.ansiLines ?? []).slice(0, end) });
      if (screen.kind === 'permission') expect(approveKeyFor(screen), `cut at ${end}`).toBeNull();
    }
  });
});
