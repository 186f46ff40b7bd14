/** Auggie lines that must not count as a change of screen. */
import { describe, expect, it } from 'vitest';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';

describe('auggie volatile lines', () => {
  it('treats the thinking line as volatile', () => {
    expect(auggieRuntime.isVolatileLine(' ⠋ Thinking… (esc to interrupt)')).toBe(true);
  });

  it.each(['│ › now run the tests │', '│ Allow this tool call? │', ' ● Done: build/ removed.'])('%s is not volatile', (line) => {
    expect(auggieRuntime.isVolatileLine(line)).toBe(false);
  });
});
