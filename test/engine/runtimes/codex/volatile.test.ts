/** Codex lines that must not count as a change of screen. */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';

describe('codex volatile lines', () => {
  it.each([
    '• Working (3s • esc to interrupt)',
    '◦ Deciding. (10s • esc to interrupt)',
    '• Working (1m 05s • esc to interrupt)',
    '   ⣀⣶⣿⣿⣿⣿⡇ ⢸⣿⣿⡿⠛⠉⢀⣠⣴⣿⣿⣿⣷⣦⣀⠈⢻⣿⣿⡇',
  ])('%s is volatile', (line) => {
    expect(codexRuntime.isVolatileLine(line)).toBe(true);
  });

  it.each([
    '  Worked for 1s • 22:18',
    '› 1. Yes, proceed (y)',
    '  Press enter to confirm or esc to cancel',
    '› Ask Codex to do anything',
    '  esc to interrupt',
    '',
  ])('%s is not volatile', (line) => {
    expect(codexRuntime.isVolatileLine(line)).toBe(false);
  });
});
