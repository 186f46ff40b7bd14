/**
 * Ways a hook reaches the engine in the bench: the real forwarder (bin/trailboss-hook.mjs) or a direct
 * POST, for each runtime with a hook channel (Claude Code, Codex CLI).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preciseNow } from './host-protocol.ts';

const FORWARDER = fileURLToPath(new URL('../bin/trailboss-hook.mjs', import.meta.url));

/** Runtimes whose own event channel the engine hears. */
export type HookRuntime = 'claude' | 'codex';

const ROUTE: Readonly<Record<HookRuntime, string>> = { claude: '/hooks/claude', codex: '/hooks/codex' };

/**
 * A recorded payload (test/fixtures/hooks/<runtime>/<name>: Claude Code 2.1.329, Codex 0.169.0),
 * optionally for another session id.
 */
export function hookPayload(
  name: 'PermissionRequest.json' | 'MessageDisplay.json' | 'Stop.json',
  sessionId?: string,
  runtime: HookRuntime = 'claude',
): Record<string, unknown> {
  const file = fileURLToPath(new URL(`../test/fixtures/hooks/${runtime}/${name}`, import.meta.url));
  const payload = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return sessionId ? { ...payload, session_id: sessionId } : payload;
}

/** Where the hook ran, as the forwarder puts it in the envelope. */
export interface HookPlace {
  readonly tmuxPane: string | null;
  readonly tmuxSocket: string | null;
}

/** POST one envelope to the loopback endpoint as the forwarder would; resolves with the HTTP status. */
export async function postHook(
  target: { port: number; token: string },
  payload: Record<string, unknown>,
  place: HookPlace,
  runtime: HookRuntime = 'claude',
): Promise<number> {
  const event = typeof payload['hook_event_name'] === 'string' ? payload['hook_event_name'] : null;
  const res = await fetch(`http://127.0.0.1:${target.port}${ROUTE[runtime]}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ v: 1, event, tmuxPane: place.tmuxPane, tmuxSocket: place.tmuxSocket, ppid: process.pid, payload }),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Run the forwarder the way Claude Code runs a hook command: payload on stdin, the pane's
 * TMUX/TMUX_PANE in its environment. Resolves with the time it was started and when it exited.
 */
export function runForwarder(
  endpointFile: string,
  payload: Record<string, unknown>,
  env: { home: string; tmuxPane?: string; tmux?: string },
  runtime: HookRuntime = 'claude',
): Promise<{ started: number; exited: number; code: number | null }> {
  return new Promise((resolve, reject) => {
    const started = preciseNow();
    const route = runtime === 'claude' ? [] : ['--runtime', runtime];
    const child = spawn(process.execPath, [FORWARDER, '--endpoint', endpointFile, ...route, String(payload['hook_event_name'])], {
      env: {
        HOME: env.home,
        PATH: process.env['PATH'] ?? '',
        ...(env.tmuxPane ? { TMUX_PANE: env.tmuxPane } : {}),
        ...(env.tmux ? { TMUX: env.tmux } : {}),
      },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ started, exited: preciseNow(), code }));
    child.stdin.on('error', () => {}); // it may leave before reading all of stdin
    child.stdin.end(JSON.stringify(payload));
  });
}
