/** Cursor agent lines that must not count as a change of screen. */
import { describe, expect, it } from 'vitest';
import { cursorRuntime } from '../../../../main/engine/runtimes/cursor/index.ts';

describe('cursor volatile lines', () => {
  it('treats the spinner line as volatile', () => {
    expect(cursorRuntime.isVolatileLine('  ⬢ Generating…  ctrl+c to stop')).toBe(true);
  });

  it.each(['  │  → Run (once) (y)   │', '  │ → Add a follow-up │', '  I will run the test suite first.'])('%s is not volatile', (line) => {
    expect(cursorRuntime.isVolatileLine(line)).toBe(false);
  });
});
