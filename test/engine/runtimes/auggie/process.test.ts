/** Which processes are Auggie. */
import { describe, expect, it } from 'vitest';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';

describe('auggie process match', () => {
  it.each([
    ['auggie', undefined],
    ['node', 'node /usr/lib/node_modules/@augmentcode/auggie/augment.mjs'],
    ['node', 'node /home/u/.npm-global/bin/auggie --print hi'],
  ])('%s %s is Auggie', (command, argv) => {
    expect(auggieRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['node', undefined],
    ['node', 'node augment-server.js'],
    ['augment', undefined],
  ])('%s %s is not', (command, argv) => {
    expect(auggieRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
