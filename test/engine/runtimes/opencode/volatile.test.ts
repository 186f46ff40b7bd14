/** opencode lines that must not count as a change of screen. */
import { describe, expect, it } from 'vitest';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';

describe('opencode volatile lines', () => {
  it.each([
    '   ⬝⬝⬝⬝■■■■  esc again to interrupt                      120 (0%)  ctrl+p commands',
    '   ■■⬝⬝⬝⬝⬝⬝  esc interrupt                               120 (0%)  ctrl+p commands',
    // 40 columns (working-stream-40): the hint split over rows.
    '   ⬝⬝⬝⬝■■■■  esc    15 (0% ctrl+p',
    '  ┃  ⠦ sleep 8',
    '     ⠴ Thinking',
  ])('%s is volatile', (line) => {
    expect(opencodeRuntime.isVolatileLine(line)).toBe(true);
  });

  it.each([
    '   /home/dev/lab-codex/work/opencode-proj                 120 (0%)  ctrl+p commands',
    '  ┃   Allow once   Allow always   Reject      ctrl+f fullscreen  ⇆ select  enter confirm',
    '  ┃  △ Permission required',
    '     ▣  Build · Mock Model',
  ])('%s is not volatile', (line) => {
    expect(opencodeRuntime.isVolatileLine(line)).toBe(false);
  });
});
