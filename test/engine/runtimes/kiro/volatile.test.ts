/** kiro-cli lines that must not count as a change of screen. */
import { describe, expect, it } from 'vitest';
import { kiroRuntime } from '../../../../main/engine/runtimes/kiro/index.ts';

describe('kiro volatile lines', () => {
  it.each(['⠋ Thinking...', ' ◔ Running npm test  esc to cancel'])('%s is volatile', (line) => {
    expect(kiroRuntime.isVolatileLine(line)).toBe(true);
  });

  it.each([
    '[default] >',
    "Allow this action? Use 't' to trust (always allow) this tool for the session. [y/n/t]:",
    ' ❯ Yes, single permission',
  ])('%s is not volatile', (line) => {
    expect(kiroRuntime.isVolatileLine(line)).toBe(false);
  });
});
