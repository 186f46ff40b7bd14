/** Which processes are opencode. */
import { describe, expect, it } from 'vitest';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';

describe('opencode process match', () => {
  it.each([
    ['opencode', undefined],
    ['.opencode', undefined],
    ['opencode-linux-x64', undefined],
    ['node', 'node /usr/lib/node_modules/opencode-ai/bin/opencode'],
    ['bun', 'bun run /home/u/src/opencode/packages/opencode/src/index.ts --cwd x opencode'],
  ])('%s %s is opencode', (command, argv) => {
    expect(opencodeRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['node', undefined],
    ['bun', 'bun run dev'],
    ['codex', undefined],
    ['vim', 'vim opencode.json'],
  ])('%s %s is not opencode', (command, argv) => {
    expect(opencodeRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
