/**
 * Qwen Code hooks (0.24.4, verified with the real CLI: test/fixtures/hooks/qwen): user hooks live in
 * `~/.qwen/settings.json` (`$QWEN_HOME/settings.json` when set) under `hooks`, in Claude's shape with the
 * timeout in seconds, so the same merge, backup and byte-exact uninstall apply. Its payloads are Claude's
 * (PermissionRequest with `tool_name`/`tool_input`, Notification `permission_prompt`/`idle_prompt`, Stop with
 * `last_assistant_message`); only its tool names are its own, so `qwenPayloadAsClaude` names them as Claude's
 * subject rules know them (`run_shell_command` → Bash `command`, `write_file` → Write, `edit` → Edit,
 * `read_file` → Read, `web_fetch` → WebFetch). The pane still decides which key is sent.
 */
import path from 'node:path';
import type { HooksInstallerDeps } from './install.ts';

/** The events we install: the permission, the turn's start and end, and tool runs (working again after a prompt). */
export const QWEN_INSTALLED_EVENTS: readonly string[] = ['UserPromptSubmit', 'PermissionRequest', 'PostToolUse', 'Notification', 'Stop'];

/** `$QWEN_HOME/settings.json`, or `~/.qwen/settings.json`. */
export function qwenSettingsFile(input: { readonly env: Readonly<Record<string, string | undefined>>; readonly homedir: string }): string {
  const home = input.env['QWEN_HOME'];
  return path.join(home && path.isAbsolute(home) ? home : path.join(input.homedir, '.qwen'), 'settings.json');
}

/** Claude's installer inputs turned into Qwen Code's: its file, its events, its route, no `prime`. */
export function qwenInstallerDeps(claude: HooksInstallerDeps, input: Parameters<typeof qwenSettingsFile>[0]): HooksInstallerDeps {
  const { extraEntries: _claudeOnly, ...rest } = claude;
  return {
    ...rest,
    settingsPath: qwenSettingsFile(input),
    forwarder: { ...claude.forwarder, runtime: 'qwen' },
    events: QWEN_INSTALLED_EVENTS,
  };
}

const CLAUDE_TOOL: Readonly<Record<string, string>> = {
  run_shell_command: 'Bash',
  write_file: 'Write',
  edit: 'Edit',
  read_file: 'Read',
  web_fetch: 'WebFetch',
  ask_user_question: 'AskUserQuestion',
};

/** A Qwen Code payload with its tool named as Claude's (the original kept as `qwen_tool_name`). */
export function qwenPayloadAsClaude(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const payload = raw as Record<string, unknown>;
  const tool = payload['tool_name'];
  if (typeof tool !== 'string' || CLAUDE_TOOL[tool] === undefined) return raw;
  return { ...payload, tool_name: CLAUDE_TOOL[tool], qwen_tool_name: tool };
}
