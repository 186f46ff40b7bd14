/**
 * Qwen Code's own event channel with the real CLI (agent-hooks-suite.ts): our forwarders merged into the
 * sandbox's `~/.qwen/settings.json` beside the user's tap hooks; its payloads are Claude's with its own tool names.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineAgentHooksSuite } from './agent-hooks-suite.ts';

defineAgentHooksSuite({
  id: 'qwen',
  writeUserHooks: (sandbox, command) => {
    const file = join(sandbox.home, '.qwen', 'settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const entry = [{ hooks: [{ type: 'command', command, timeout: 10 }] }];
    settings['hooks'] = { PermissionRequest: entry, Stop: entry };
    const text = `${JSON.stringify(settings, null, 2)}\n`;
    writeFileSync(file, text);
    return { file, text };
  },
  events: { permission: 'PermissionRequest', prompt: 'UserPromptSubmit', stop: 'Stop', also: ['PostToolUse', 'Notification'] },
  tapped: { permission: '"hook_event_name":"PermissionRequest"', stop: '"hook_event_name":"Stop"' },
  approve: { label: 'Yes, allow once', key: '1' },
});
