/**
 * What the endpoint file says, for its readers: the `trailboss` CLI (every command that talks to the
 * engine) and doctor. Apart from endpoint-file.ts (the engine writes it) so that reading it loads
 * nothing but node:fs: the writer's atomic write brings node:crypto, which costs a short-lived
 * command several ms of start-up. bin/trailboss-hook.mjs reads the same fields by hand: keep them in
 * sync (version, host, port, tokenFile, hookPath).
 */
import { readFileSync } from 'node:fs';

/** Where the Claude hook forwarder posts. */
export const HOOK_PATH = '/hooks/claude';
/** Where Codex CLI hooks arrive (the forwarder's `--runtime codex`). */
export const CODEX_HOOK_PATH = '/hooks/codex';
/** Gemini CLI's hooks (`--runtime gemini`), translated to Claude's payload shape (hooks/gemini-hooks.ts). */
export const GEMINI_HOOK_PATH = '/hooks/gemini';
/** Qwen Code's hooks (`--runtime qwen`): Claude's payload shape, its own tool names (hooks/qwen-hooks.ts). */
export const QWEN_HOOK_PATH = '/hooks/qwen';
/** Copilot CLI's hooks (`--runtime copilot`), translated to Claude's shape (hooks/copilot-hooks.ts). */
export const COPILOT_HOOK_PATH = '/hooks/copilot';
/** Where the opencode plugin's events arrive (bin/trailboss-opencode-plugin.js posts here by itself). */
export const OPENCODE_HOOK_PATH = '/hooks/opencode';

/** Name of the token file inside the Trail Boss home directory. */
export const TOKEN_FILE_NAME = 'api-token';

/**
 * Checked by hand, not with zod: every CLI command that talks to the engine reads this file, and
 * loading zod would cost such a short-lived process more start-up time than its whole request.
 */
function asEndpoint(value: unknown): EndpointInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const { pid, port, tokenFile, hookPath, startedAt } = v;
  if (v['version'] !== 1 || v['host'] !== '127.0.0.1') return null;
  if (!Number.isInteger(pid) || (pid as number) <= 0) return null;
  if (!Number.isInteger(port) || (port as number) < 1 || (port as number) > 65535) return null;
  if (typeof tokenFile !== 'string' || tokenFile === '' || typeof hookPath !== 'string' || !hookPath.startsWith('/')) return null;
  if (typeof startedAt !== 'number' || !Number.isFinite(startedAt)) return null;
  return { version: 1, pid: pid as number, host: '127.0.0.1', port: port as number, tokenFile, hookPath, startedAt };
}

/** What the endpoint file says. */
export interface EndpointInfo {
  readonly version: 1;
  readonly pid: number;
  readonly host: '127.0.0.1';
  readonly port: number;
  /** Absolute path of the token file (see token.ts). */
  readonly tokenFile: string;
  readonly hookPath: string;
  /** Epoch ms the engine started listening. */
  readonly startedAt: number;
}

/** The endpoint file's content, or null when it is missing or not ours to trust (malformed). */
export function readEndpointFile(file: string): EndpointInfo | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return asEndpoint(JSON.parse(text));
  } catch {
    return null;
  }
}
