/** Which processes are Codex. */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';

describe('codex process match', () => {
  it.each([
    ['codex', undefined],
    ['codex-x86_64-unknown-linux-musl', undefined],
    ['/usr/local/bin/codex', undefined],
    ['node', '/usr/bin/node /usr/lib/node_modules/@openai/codex/bin/codex.js'],
    ['node', 'node /home/u/.npm-global/bin/codex --model gpt-5.5'],
    ['bun', 'bun x @openai/codex'],
  ])('%s %s is codex', (command, argv) => {
    expect(codexRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['node', undefined],
    ['node', 'node server.js'],
    ['node', 'node /srv/codexify/index.js'],
    ['codexx', undefined],
    ['bash', 'bash -c codex'],
    ['opencode', undefined],
  ])('%s %s is not codex', (command, argv) => {
    expect(codexRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
