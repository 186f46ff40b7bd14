/**
 * The endpoint file tells clients (the `trailboss` CLI, the hook forwarder) where the running
 * engine listens and where its token is. JSON, mode 0600, replaced atomically, removed on shutdown
 * only by the engine that wrote it. bin/trailboss-hook.mjs reads the same fields by hand: keep
 * them in sync (version, host, port, tokenFile, hookPath).
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../platform/atomic-write.ts';

/** Where the Claude hook forwarder posts. */
export const HOOK_PATH = '/hooks/claude';

/** Name of the token file inside the Trail Boss home directory. */
export const TOKEN_FILE_NAME = 'api-token';

const endpointSchema = z.looseObject({
  version: z.literal(1),
  pid: z.number().int().positive(),
  host: z.literal('127.0.0.1'),
  port: z.number().int().min(1).max(65535),
  tokenFile: z.string().min(1),
  hookPath: z.string().startsWith('/'),
  startedAt: z.number(),
});

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
    const parsed = endpointSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const { version, pid, host, port, tokenFile, hookPath, startedAt } = parsed.data;
    return { version, pid, host, port, tokenFile, hookPath, startedAt };
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
