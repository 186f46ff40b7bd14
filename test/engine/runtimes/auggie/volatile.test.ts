/** Auggie lines that must not count as a change of screen: only the status line (spinner and seconds). */
import { describe, expect, it } from 'vitest';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';
import { loadCapture } from '../codex/fixture-files.ts';

describe('auggie volatile lines', () => {
  it.each([
    ' ⠋ Executing tools... (3s • esc to interrupt)',
    ' ⠴ Processing response... (2s • esc to interrupt)',
    ' ⠲ Sending request... (<1s • esc to interrupt)',
    ' ⠙ Summarizing conversation history... (1m 02s • esc to interrupt)',
  ])('%s is volatile', (line) => {
    expect(auggieRuntime.isVolatileLine(line)).toBe(true);
  });

  it.each([
    '› a draft that is not sent',
    ' [A]llow [D]eny',
    '│  Tool Approval Required  │',
    '● Hello from the mock Augment API.',
    '~ Thinking step 1..',
    ' ? to show shortcuts',
  ])('%s is not volatile', (line) => {
    expect(auggieRuntime.isVolatileLine(line)).toBe(false);
  });

  it('two captures of one waiting turn differ only in the status line', () => {
    const strip = (name: string) => loadCapture('auggie', name).lines.filter((l) => !auggieRuntime.isVolatileLine(l));
    expect(strip('working-wait-1')).toEqual(strip('working-wait-2'));
  });
});
