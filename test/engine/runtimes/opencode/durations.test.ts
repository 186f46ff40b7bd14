/**
 * opencode prints a turn's time on the message footer (`▣  Build · Mock Model · 1.1s`); the recognisers
 * read no time at all (the footer hint decides), so any shape of it keeps an idle screen idle and a
 * working one working.
 */
import { describe, expect, it } from 'vitest';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';
import { loadCapture } from '../codex/fixture-files.ts';

const ELAPSED = ['<1s', '0s', '1.1s', '59.9s', '1m 2s', '1m 02s', '1h 2m 3s', '120ms'];
const FOOTER = /▣ {2}Build · Mock Model · \S+$/;

function withFooterTime(name: string, elapsed: string) {
  const capture = loadCapture('opencode', name);
  const swap = (l: string) => l.replace(FOOTER, `▣  Build · Mock Model · ${elapsed}`);
  expect(capture.lines.some((l) => FOOTER.test(l))).toBe(true);
  return { lines: capture.lines.map(swap), ...(capture.ansiLines ? { ansiLines: capture.ansiLines } : {}) };
}

describe('opencode durations', () => {
  it.each(ELAPSED)('idle stays idle with a turn time of %s', (elapsed) => {
    expect(opencodeRuntime.classify(withFooterTime('approval-bash-after-allow-once', elapsed)).kind).toBe('idle');
  });

  it.each(ELAPSED)('the turn-time line is not volatile (%s): it changes only when a turn ends', (elapsed) => {
    expect(opencodeRuntime.isVolatileLine(`     ▣  Build · Mock Model · ${elapsed}`)).toBe(false);
  });
});
