/**
 * Copilot CLI's own event channel with the real CLI (agent-hooks-suite.ts): our `trailboss.json` in the sandbox's
 * `$COPILOT_HOME/hooks/` beside the user's tap hook file; uninstall removes only ours.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { defineAgentHooksSuite } from './agent-hooks-suite.ts';
import type { CliSandbox } from './sandbox.ts';

const hooksDir = (sandbox: CliSandbox) => join(sandbox.env['COPILOT_HOME'] ?? '', 'hooks');

defineAgentHooksSuite({
  id: 'copilot',
  writeUserHooks: (sandbox, command) => {
    mkdirSync(hooksDir(sandbox), { recursive: true });
    const entry = [{ type: 'command', bash: command, timeoutSec: 10 }];
    const file = join(hooksDir(sandbox), 'tap.json');
    const text = `${JSON.stringify({ version: 1, hooks: { permissionRequest: entry, agentStop: entry } }, null, 2)}\n`;
    writeFileSync(file, text);
    return { file, text };
  },
  cliEnv: (sandbox) => ({ COPILOT_HOME: sandbox.env['COPILOT_HOME'] ?? '' }),
  events: { permission: 'permissionRequest', prompt: 'userPromptSubmitted', stop: 'agentStop', also: ['postToolUse', 'notification'] },
  tapped: { permission: '"hookName":"permissionRequest"', stop: '"stopReason":"end_turn"' },
  approve: { label: 'Yes', key: '1' },
  afterUninstall: (sandbox) => expect(readdirSync(hooksDir(sandbox))).toEqual(['tap.json']),
});
