/** Which processes are the Cursor agent. */
import { describe, expect, it } from 'vitest';
import { cursorRuntime } from '../../../../main/engine/runtimes/cursor/index.ts';

describe('cursor process match', () => {
  it.each([
    ['cursor-agent', undefined],
    ['node', 'node /home/u/.local/share/cursor-agent/versions/2025.09.04/index.js'],
    ['agent', '/home/u/.local/bin/cursor-agent'],
  ])('%s %s is the Cursor agent', (command, argv) => {
    expect(cursorRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['agent', undefined],
    ['agent', 'agent --serve'],
    ['cursor', undefined],
    ['node', 'node app.js'],
  ])('%s %s is not', (command, argv) => {
    expect(cursorRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
