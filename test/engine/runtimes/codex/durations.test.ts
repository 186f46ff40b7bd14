/**
 * Codex prints its turn time in several shapes (`<1s` after a sub-second turn, `1m 02s`, `1h 02m 03s`);
 * every one must end a turn (idle) in the finished line and count as the working status line.
 */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import { loadCapture } from './fixture-files.ts';

const ELAPSED = ['<1s', '0s', '1s', '59s', '1m 00s', '1m 2s', '12m 30s', '1h 02m 03s', '1.5s'];

/** The captured idle screen with its `Worked for 1s • 22:18` line rewritten. */
function idleWith(worked: string): string[] {
  const capture = loadCapture('codex', 'approval-exec-after-approve-1', false);
  const lines = capture.lines.map((l) => (l.startsWith('  Worked for ') ? worked : l));
  expect(lines).toContain(worked);
  return lines;
}

describe('codex durations', () => {
  it.each(
    ELAPSED.flatMap((e) => [
      `  Worked for ${e} • 20:29`,
      `  Worked for ${e} • 8:05 PM`,
      `  Worked for ${e}`,
      `─ Worked for ${e} ──────────`,
    ]),
  )('turn ended: "%s" reads as idle', (worked) => {
    expect(codexRuntime.classify({ lines: idleWith(worked) }).kind).toBe('idle');
  });

  it('a line that only mentions working for a while does not end a turn', () => {
    expect(codexRuntime.classify({ lines: idleWith('  Worked for a while on it') }).kind).toBe('working');
  });

  it.each(
    ELAPSED.flatMap((e) => [
      `• Working (${e} • esc to interrupt)`,
      `◦ Thinking about it (${e} • esc to interrupt)`,
      `• Working (${e} • esc to interrupt) · 1 background terminal running`,
    ]),
  )('status line: "%s" is volatile', (line) => {
    expect(codexRuntime.isVolatileLine(line)).toBe(true);
  });

  it.each(['• Working (soon • esc to interrupt)', '  Worked for <1s • 20:29', '• Working (2.3k tokens • esc to interrupt)'])(
    '"%s" is not a status line',
    (line) => {
      expect(codexRuntime.isVolatileLine(line)).toBe(false);
    },
  );
});
