/** Which processes are kiro-cli. */
import { describe, expect, it } from 'vitest';
import { kiroRuntime } from '../../../../main/engine/runtimes/kiro/index.ts';

describe('kiro process match', () => {
  it.each([
    ['kiro-cli', undefined],
    ['kiro-cli-chat', undefined],
    ['/home/u/.local/bin/kiro-cli', undefined],
    ['qchat', undefined],
    ['q', 'q chat --resume'],
  ])('%s %s is kiro-cli', (command, argv) => {
    expect(kiroRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['q', undefined],
    ['q', 'q translate list files'],
    ['kiro', undefined],
    ['node', 'node chat.js'],
  ])('%s %s is not', (command, argv) => {
    expect(kiroRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
