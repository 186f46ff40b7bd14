/**
 * The endpoint file tells clients (the `trailboss` CLI, the hook forwarder) where the running
 * engine listens and where its token is. JSON, mode 0600, replaced atomically, removed on shutdown
 * only by the engine that wrote it. bin/trailboss-hook.mjs reads the same fields by hand: keep
 * them in sync (version, host, port, tokenFile, hookPath).
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { writeFileAtomic } from '../platform/atomic-write.ts';

/** Where the Claude hook forwarder posts. */
export const HOOK_PATH = '/hooks/claude';
/** Where Codex CLI hooks arrive (the forwarder's `--runtime codex`). */
export const CODEX_HOOK_PATH = '/hooks/codex';
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

/** Write (or replace) the endpoint file with mode 0600. */
export function writeEndpointFile(file: string, info: Pick<EndpointInfo, 'pid' | 'port' | 'tokenFile' | 'startedAt'>): EndpointInfo {
  const full: EndpointInfo = { version: 1, host: '127.0.0.1', hookPath: HOOK_PATH, ...info };
  writeFileAtomic(file, JSON.stringify(full, null, 2) + '\n', { mode: 0o600, dirMode: 0o700 });
  return full;
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

/** Remove the endpoint file if it still describes this engine (another engine may have replaced it). */
export function removeEndpointFile(file: string, mine: { readonly pid: number; readonly port: number }): boolean {
  const current = readEndpointFile(file);
  if (current === null || current.pid !== mine.pid || current.port !== mine.port) return false;
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}
