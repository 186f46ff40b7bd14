/**
 * Gemini CLI hooks (0.61.0, verified with the real CLI: test/fixtures/hooks/gemini): user hooks live in
 * `~/.gemini/settings.json` (`$GEMINI_CLI_HOME/.gemini/settings.json` when set) under `hooks`, shaped like
 * Claude's (`{ <Event>: [ { matcher?, hooks: [ { type: "command", command, timeout } ] } ] }`, the timeout in
 * milliseconds), so the same merge, backup and byte-exact uninstall apply. User-level hooks run without a
 * trust question (only project hooks are announced).
 *
 * Its events have their own names and fields; `geminiPayloadAsClaude` turns each into the Claude payload
 * with the same meaning, so the same schemas, signals and session mapping hear them:
 * `Notification` with `notification_type: "ToolPermission"` (sent when a confirmation is drawn, `details`
 * holding the command, file or URLs) → PermissionRequest; `AfterAgent` (turn over) → Stop; `BeforeAgent`
 * (a prompt) → UserPromptSubmit; `AfterTool` → PostToolUse. The pane still decides which key is sent.
 */
import path from 'node:path';
import type { HookEventName } from './hook-schemas.ts';
import type { HooksInstallerDeps } from './install.ts';

/** The events we install. */
export const GEMINI_INSTALLED_EVENTS: readonly string[] = ['BeforeAgent', 'Notification', 'AfterTool', 'AfterAgent'];

/** `$GEMINI_CLI_HOME/.gemini/settings.json`, or `~/.gemini/settings.json`. */
export function geminiSettingsFile(input: {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
}): string {
  const home = input.env['GEMINI_CLI_HOME'];
  return path.join(home && path.isAbsolute(home) ? home : input.homedir, '.gemini', 'settings.json');
}

/** Claude's installer inputs turned into Gemini CLI's: its file, its events, its route, timeouts in ms, no `prime`. */
export function geminiInstallerDeps(claude: HooksInstallerDeps, input: Parameters<typeof geminiSettingsFile>[0]): HooksInstallerDeps {
  const { extraEntries: _claudeOnly, ...rest } = claude;
  return {
    ...rest,
    settingsPath: geminiSettingsFile(input),
    forwarder: { ...claude.forwarder, runtime: 'gemini' },
    events: GEMINI_INSTALLED_EVENTS,
    timeoutInMs: true,
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * A confirmation's `details` as the tool and input Claude's subject rules read: `exec` → Bash `command`,
 * `edit` → Edit `file_path`, `info` (web fetch) → WebFetch `url`, `mcp` → the MCP tool by name.
 */
function permissionOf(details: Json): { tool_name: string; tool_input: Json } {
  switch (details['type']) {
    case 'exec':
      return { tool_name: 'Bash', tool_input: { command: text(details['command']) ?? '' } };
    case 'edit':
      return { tool_name: 'Edit', tool_input: { file_path: text(details['filePath']) ?? text(details['fileName']) ?? '' } };
    case 'info': {
      const urls = Array.isArray(details['urls']) ? details['urls'].filter((u): u is string => typeof u === 'string') : [];
      return { tool_name: 'WebFetch', tool_input: { url: urls.join(' ') || (text(details['prompt']) ?? '') } };
    }
    case 'mcp':
      return {
        tool_name: `mcp__${text(details['serverName']) ?? 'server'}__${text(details['toolName']) ?? 'tool'}`,
        tool_input: { server: details['serverName'], tool: details['toolName'] },
      };
    default:
      return { tool_name: text(details['title']) ?? 'Tool', tool_input: { ...details } };
  }
}

/**
 * A Gemini CLI hook payload as the Claude payload of the same meaning; anything else is returned as it
 * came (the schema then refuses an unknown event by name).
 */
export function geminiPayloadAsClaude(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const event = raw['hook_event_name'];
  const base = { ...raw, gemini_event: event };
  switch (event) {
    case 'Notification':
      if (raw['notification_type'] === 'ToolPermission' && isObject(raw['details']))
        return { ...base, hook_event_name: 'PermissionRequest', ...permissionOf(raw['details']) };
      return { ...base, message: text(raw['message']) ?? '' };
    case 'AfterAgent':
      return { ...base, hook_event_name: 'Stop', last_assistant_message: text(raw['prompt_response']) ?? null };
    case 'BeforeAgent':
      return { ...base, hook_event_name: 'UserPromptSubmit' };
    case 'BeforeTool':
      return { ...base, hook_event_name: 'PreToolUse' };
    case 'AfterTool':
      // The tool's output (a grid of styled terminal cells for Shell) says nothing about state.
      return { ...base, hook_event_name: 'PostToolUse', tool_response: undefined };
    default:
      return raw;
  }
}

/** Gemini CLI's name for the event a payload was read as (arrivals are counted under its own names). */
export function geminiEventName(event: HookEventName): string {
  switch (event) {
    case 'PermissionRequest':
      return 'Notification';
    case 'Stop':
      return 'AfterAgent';
    case 'UserPromptSubmit':
      return 'BeforeAgent';
    case 'PreToolUse':
      return 'BeforeTool';
    case 'PostToolUse':
      return 'AfterTool';
    default:
      return event;
  }
}
