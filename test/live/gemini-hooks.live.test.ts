/**
 * Gemini CLI's own event channel with the real CLI (agent-hooks-suite.ts): our forwarders merged into the
 * sandbox's `~/.gemini/settings.json` beside the user's tap hooks. The user's tap is not held: Gemini CLI 0.61.0
 * awaits a Notification hook before drawing the confirmation, and meanwhile its pane looks idle (a slow hook of
 * the user's makes a waiting pane read idle for that long).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineAgentHooksSuite } from './agent-hooks-suite.ts';

defineAgentHooksSuite({
  id: 'gemini',
  writeUserHooks: (sandbox, command) => {
    const file = join(sandbox.home, '.gemini', 'settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const entry = [{ hooks: [{ type: 'command', command, timeout: 10_000 }] }];
    settings['hooks'] = { Notification: entry, AfterAgent: entry };
    const text = `${JSON.stringify(settings, null, 2)}\n`;
    writeFileSync(file, text);
    return { file, text };
  },
  events: { permission: 'Notification', prompt: 'BeforeAgent', stop: 'AfterAgent', also: ['AfterTool'] },
  tapped: { permission: '"notification_type":"ToolPermission"', stop: '"hook_event_name":"AfterAgent"' },
  approve: { label: 'Allow once', key: '1' },
});
