/**
 * GitHub Copilot CLI hooks (1.0.102, verified with the real CLI: test/fixtures/hooks/copilot). Copilot reads every
 * `$COPILOT_HOME/hooks/*.json` (default `~/.copilot/hooks/`), each `{ "version": 1, "hooks": { <event>: [ { "type":
 * "command", "bash": "<command>", "timeoutSec": n } ] } }`, so ours is a file of our own, `trailboss.json`: the
 * user's hook files are never opened, uninstall removes only ours (a file of that name whose commands do not carry
 * our marker is never overwritten or removed).
 *
 * Its payloads are camelCase and carry no event name (`permissionRequest` alone says `hookName`): the event comes
 * from the forwarder's argv (the envelope's `event`), and `copilotPayloadAsClaude` turns each into the Claude
 * payload of the same meaning: permissionRequest → PermissionRequest (`toolName` bash/create/edit/view as
 * Bash/Write/Edit/Read), agentStop → Stop, userPromptSubmitted → UserPromptSubmit, pre/postToolUse, notification,
 * sessionStart. The pane still decides which key is sent.
 */
import path from 'node:path';
import type { ForwarderSpec } from './hook-command.ts';
import { forwarderCommand, ownedMarkerOf } from './hook-command.ts';
import type { HookEventStats } from './hook-event-counter.ts';
import { readTextOrNull, removeOwnedFile, writeOwnedFile } from './owned-file.ts';

/** The events we install. */
export const COPILOT_INSTALLED_EVENTS: readonly string[] = [
  'userPromptSubmitted',
  'permissionRequest',
  'postToolUse',
  'notification',
  'agentStop',
];
export const COPILOT_HOOKS_FILE_NAME = 'trailboss.json';

/** `$COPILOT_HOME/hooks/trailboss.json`, or `~/.copilot/hooks/trailboss.json`. */
export function copilotHooksFile(input: { readonly env: Readonly<Record<string, string | undefined>>; readonly homedir: string }): string {
  const home = input.env['COPILOT_HOME'];
  return path.join(home && path.isAbsolute(home) ? home : path.join(input.homedir, '.copilot'), 'hooks', COPILOT_HOOKS_FILE_NAME);
}

/** The file install writes: one forwarder per event, in Copilot's hook-file shape. */
export function copilotHooksText(forwarder: ForwarderSpec): string {
  const spec: ForwarderSpec = { ...forwarder, runtime: 'copilot' };
  const hooks = Object.fromEntries(
    COPILOT_INSTALLED_EVENTS.map((event) => [event, [{ type: 'command', bash: forwarderCommand(spec, event), timeoutSec: 5 }]]),
  );
  return `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`;
}

/** Is this file's every command one of ours (the marker)? A file without any command is not ours. */
function isOurs(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { hooks?: Record<string, { bash?: unknown }[]> };
    const commands = Object.values(parsed.hooks ?? {}).flatMap((entries) => (Array.isArray(entries) ? entries.map((e) => e?.bash) : []));
    return commands.length > 0 && commands.every((c) => typeof c === 'string' && ownedMarkerOf(c) === 'hook');
  } catch {
    return false;
  }
}

export class CopilotHooksError extends Error {
  override readonly name = 'CopilotHooksError';
}

export interface CopilotHooksDeps {
  readonly file: string;
  readonly forwarder: ForwarderSpec;
  /** Arrivals per event (their own names), for status. */
  readonly arrivals: Readonly<Record<string, HookEventStats>>;
}

export interface CopilotHooksStatus {
  /** `installed`: exactly what install writes now; `outdated`: ours but another; `foreign`: a file of that name we did not write. */
  readonly state: 'installed' | 'outdated' | 'missing' | 'foreign';
  readonly settingsPath: string;
  readonly details: readonly { readonly event: string; readonly count: number; readonly lastAt: number | null }[];
  readonly lastHookAt: number | null;
  readonly problem: string | null;
}

const RULES = { isOurs, foreign: (message: string) => new CopilotHooksError(message) };

/** Write our hook file (idempotent). Throws CopilotHooksError, changing nothing, over a file we did not write. */
export function installCopilotHooks(deps: CopilotHooksDeps): { changed: boolean; status: CopilotHooksStatus } {
  const changed = writeOwnedFile(deps.file, copilotHooksText(deps.forwarder), RULES, 'hook file');
  return { changed, status: copilotHooksStatus(deps) };
}

/** Remove our hook file; a file of that name we did not write is left alone (CopilotHooksError). */
export function uninstallCopilotHooks(deps: CopilotHooksDeps): { changed: boolean; status: CopilotHooksStatus } {
  const changed = removeOwnedFile(deps.file, RULES, 'hook file');
  return { changed, status: copilotHooksStatus(deps) };
}

/** Installed, outdated, missing or foreign, and when each event last arrived. Never throws. */
export function copilotHooksStatus(deps: CopilotHooksDeps): CopilotHooksStatus {
  const details = COPILOT_INSTALLED_EVENTS.map((event) => ({
    event,
    count: deps.arrivals[event]?.count ?? 0,
    lastAt: deps.arrivals[event]?.lastAt ?? null,
  }));
  const times = details.map((d) => d.lastAt).filter((t): t is number => t !== null);
  const base = { settingsPath: deps.file, details, lastHookAt: times.length > 0 ? Math.max(...times) : null };
  let current: string | null;
  try {
    current = readTextOrNull(deps.file);
  } catch (error) {
    return { ...base, state: 'missing', problem: `cannot read ${deps.file}: ${(error as Error).message}` };
  }
  if (current === null) return { ...base, state: 'missing', problem: null };
  if (!isOurs(current)) return { ...base, state: 'foreign', problem: `${deps.file} is not Trail Boss's` };
  return current === copilotHooksText(deps.forwarder)
    ? { ...base, state: 'installed', problem: null }
    : {
        ...base,
        state: 'outdated',
        problem: 'the hooks differ from this version of Trail Boss: run `trailboss hooks install --runtime copilot`',
      };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const CLAUDE_TOOL: Readonly<Record<string, string>> = { bash: 'Bash', create: 'Write', edit: 'Edit', view: 'Read' };

/** Copilot's tool and arguments as Claude's subject rules read them (`path` → `file_path`). */
function toolOf(payload: Json, argsKey: 'toolInput' | 'toolArgs'): { tool_name: string; tool_input: Json } {
  const name = typeof payload['toolName'] === 'string' ? payload['toolName'] : 'tool';
  const args = isObject(payload[argsKey]) ? (payload[argsKey] as Json) : isObject(payload['toolArgs']) ? (payload['toolArgs'] as Json) : {};
  const input = typeof args['path'] === 'string' ? { ...args, file_path: args['path'] } : args;
  return { tool_name: CLAUDE_TOOL[name] ?? name, tool_input: input };
}

const CLAUDE_EVENT: Readonly<Record<string, string>> = {
  permissionRequest: 'PermissionRequest',
  agentStop: 'Stop',
  userPromptSubmitted: 'UserPromptSubmit',
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  notification: 'Notification',
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
};

/** A Copilot CLI hook payload (its event from the forwarder's argv) as the Claude payload of the same meaning. */
export function copilotPayloadAsClaude(raw: unknown, event: string | null): unknown {
  if (!isObject(raw)) return raw;
  const name = (typeof raw['hookName'] === 'string' ? raw['hookName'] : event) ?? '';
  const claude = CLAUDE_EVENT[name];
  if (!claude) return raw;
  const base: Json = { ...raw, copilot_event: name, hook_event_name: claude, session_id: raw['sessionId'], cwd: raw['cwd'] };
  switch (name) {
    case 'permissionRequest':
      return { ...base, ...toolOf(raw, 'toolInput') };
    case 'preToolUse':
    case 'postToolUse':
      return { ...base, ...toolOf(raw, 'toolArgs'), toolResult: undefined };
    case 'notification':
      return { ...base, message: typeof raw['message'] === 'string' ? raw['message'] : '' };
    case 'agentStop':
      return { ...base, last_assistant_message: null };
    case 'sessionStart':
      return { ...base, source: typeof raw['source'] === 'string' ? raw['source'] : null };
    default:
      return base;
  }
}

/** Copilot's name for the event a payload was read as (arrivals are counted under its own names). */
export function copilotEventName(claudeEvent: string): string {
  return Object.entries(CLAUDE_EVENT).find(([, c]) => c === claudeEvent)?.[0] ?? claudeEvent;
}
