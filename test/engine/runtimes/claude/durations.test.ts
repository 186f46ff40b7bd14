/**
 * Claude prints elapsed times and token counts in the spinner, the finished line and tool rows in
 * several shapes; none of them may flip a working screen to idle or a finished one to working.
 */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { CLAUDE_FIXTURES, plainLines } from './load-fixture.ts';

const ELAPSED = ['<1s', '0s', '6s', '59s', '1m 2s', '1m 02s', '12m 30s', '1h 2m 3s', '1.5s'];
const COUNTS = ['↓ 38 tokens', '↓ 2.3k tokens', '↑ 1,234 tokens', '↓ 12.1k tokens · thinking', 'thinking'];

/** working-2 with the spinner replaced and the footer no longer saying `esc to interrupt`: only the spinner proves work. */
function spinnerOnly(spinner: string): string[] {
  return plainLines(CLAUDE_FIXTURES, 'working-2').map((l) => {
    if (l.startsWith('· Seasoning…')) return spinner;
    return l.replace('esc to interrupt', '? for shortcuts');
  });
}

/** idle-after-turn with its finished line rewritten. */
function finishedWith(done: string): string[] {
  return plainLines(CLAUDE_FIXTURES, 'idle-after-turn').map((l) => (l.startsWith('✻ Baked for') ? done : l));
}

describe('claude durations and counts', () => {
  it.each(ELAPSED.flatMap((e) => COUNTS.map((c) => `✢ Seasoning… (${e} · ${c})`)))('spinner "%s" is working and volatile', (spinner) => {
    expect(claudeRuntime.classify({ lines: spinnerOnly(spinner) }).kind).toBe('working');
    expect(claudeRuntime.isVolatileLine(spinner)).toBe(true);
  });

  it.each(ELAPSED.flatMap((e) => [`✻ Baked for ${e} · done 10:59 PM`, `✻ Worked for ${e} · done 23:59`, `✻ Cooked for ${e}`]))(
    'finished line "%s" stays idle',
    (done) => {
      const lines = finishedWith(done);
      expect(lines).toContain(done);
      expect(claudeRuntime.classify({ lines }).kind).toBe('idle');
    },
  );

  it.each(ELAPSED.flatMap((e) => [`  ⎿  Running… (${e})`, `  ⎿  $ sleep 15; echo slept (${e})`, `● Running the requested command · ${e}`]))(
    'tool timer "%s" is volatile',
    (line) => {
      expect(claudeRuntime.isVolatileLine(line)).toBe(true);
    },
  );

  it.each(['  ⎿  Read 12 lines (ctrl+o to expand)', '● Bash(sleep 15)', '✻ Worked for 1m 2s · done 10:59 PM'])(
    '"%s" is not volatile',
    (line) => {
      expect(claudeRuntime.isVolatileLine(line)).toBe(false);
    },
  );
});
