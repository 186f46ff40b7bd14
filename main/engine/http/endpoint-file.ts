/**
 * The endpoint file tells clients (the `trailboss` CLI, the hook forwarder) where the running
 * engine listens and where its token is. JSON, mode 0600, replaced atomically, removed on shutdown
 * only by the engine that wrote it. Its fields and its reader are in endpoint-info.ts.
 */
import { unlinkSync } from 'node:fs';
import { writeFileAtomic } from '../platform/atomic-write.ts';
import { HOOK_PATH, readEndpointFile, type EndpointInfo } from './endpoint-info.ts';

export {
  CODEX_HOOK_PATH,
  COPILOT_HOOK_PATH,
  GEMINI_HOOK_PATH,
  QWEN_HOOK_PATH,
  HOOK_PATH,
  OPENCODE_HOOK_PATH,
  TOKEN_FILE_NAME,
  readEndpointFile,
  type EndpointInfo,
} from './endpoint-info.ts';

/** Write (or replace) the endpoint file with mode 0600. */
export function writeEndpointFile(file: string, info: Pick<EndpointInfo, 'pid' | 'port' | 'tokenFile' | 'startedAt'>): EndpointInfo {
  const full: EndpointInfo = { version: 1, host: '127.0.0.1', hookPath: HOOK_PATH, ...info };
  writeFileAtomic(file, JSON.stringify(full, null, 2) + '\n', { mode: 0o600, dirMode: 0o700 });
  return full;
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
