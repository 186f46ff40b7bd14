/**
 * Ways a hook reaches the engine in the bench: the real forwarder (bin/trailboss-hook.mjs), the opencode
 * plugin (bin/trailboss-opencode-plugin.js, as installed) in a long-lived process like opencode's, or a
 * direct POST, for each runtime with its own channel (Claude Code, Codex CLI, opencode).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pluginText } from '../main/engine/hooks/opencode-plugin.ts';
import { preciseNow } from './host-protocol.ts';

const FORWARDER = fileURLToPath(new URL('../bin/trailboss-hook.mjs', import.meta.url));

/** Runtimes whose own event channel the engine hears. */
export type HookRuntime = 'claude' | 'codex' | 'opencode' | 'gemini' | 'qwen' | 'copilot';

const ROUTE: Readonly<Record<HookRuntime, string>> = {
  claude: '/hooks/claude',
  codex: '/hooks/codex',
  opencode: '/hooks/opencode',
  gemini: '/hooks/gemini',
  qwen: '/hooks/qwen',
  copilot: '/hooks/copilot',
};

/** Each runtime's recorded payloads standing in for Claude's names, and its own event name (argv). */
const NATIVE: Partial<Record<HookRuntime, Readonly<Record<string, { file: string; event: string }>>>> = {
  gemini: {
    'PermissionRequest.json': { file: 'Notification.json', event: 'Notification' },
    'Stop.json': { file: 'AfterAgent.json', event: 'AfterAgent' },
  },
  qwen: {
    'PermissionRequest.json': { file: 'PermissionRequest.json', event: 'PermissionRequest' },
    'Stop.json': { file: 'Stop.json', event: 'Stop' },
  },
  copilot: {
    'PermissionRequest.json': { file: 'permissionRequest.json', event: 'permissionRequest' },
    'Stop.json': { file: 'agentStop.json', event: 'agentStop' },
  },
};

/** The event name a payload goes with (the forwarder's argv): Copilot's payloads carry none but its permission's. */
export function hookEventOf(payload: Record<string, unknown>): string | null {
  const name = payload['hook_event_name'] ?? payload['hookName'] ?? payload['type'] ?? payload['tb_event'];
  return typeof name === 'string' ? name : null;
}

/** opencode's recorded events standing in for Claude's hook names (test/fixtures/hooks/opencode, 1.18.33). */
const OPENCODE_FIXTURE: Readonly<Record<string, string>> = {
  'PermissionRequest.json': 'permission.asked-bash.json',
  'Stop.json': 'session.status-idle.json',
};

/**
 * A recorded payload (test/fixtures/hooks/<runtime>/<name>: Claude Code 2.1.329, Codex 0.169.0),
 * optionally for another session id.
 */
export function hookPayload(
  name: 'PermissionRequest.json' | 'MessageDisplay.json' | 'Stop.json',
  sessionId?: string,
  runtime: HookRuntime = 'claude',
): Record<string, unknown> {
  const native = NATIVE[runtime]?.[name];
  const fixture = runtime === 'opencode' ? OPENCODE_FIXTURE[name] : (native?.file ?? name);
  if (!fixture) throw new Error(`no ${runtime} fixture stands for ${name}`);
  const file = fileURLToPath(new URL(`../test/fixtures/hooks/${runtime}/${fixture}`, import.meta.url));
  const payload = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  // Copilot's agentStop names no event: the bench keeps it beside the payload (ignored by the engine's schemas).
  const tagged = native && runtime === 'copilot' ? { ...payload, tb_event: native.event } : payload;
  if (!sessionId) return tagged;
  if (runtime === 'copilot') return { ...tagged, sessionId };
  if (runtime !== 'opencode') return { ...tagged, session_id: sessionId };
  return { ...payload, properties: { ...(payload['properties'] as Record<string, unknown>), sessionID: sessionId } };
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
  const event = hookEventOf(payload);
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
    const child = spawn(process.execPath, [FORWARDER, '--endpoint', endpointFile, ...route, String(hookEventOf(payload))], {
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

/** The opencode plugin as installed, running in a process of its own the way opencode hosts it (one per pane). */
export interface PluginHost {
  /** Hand one bus event to the plugin's `event` hook; resolves with when it was handed over. */
  send(event: Record<string, unknown>): number;
  stop(): void;
}

/** Start a plugin host for one pane: the installed plugin text for `endpointFile`, TMUX/TMUX_PANE of that pane. */
export function startPluginHost(dir: string, endpointFile: string, env: { tmuxPane: string; tmux: string }): PluginHost {
  const template = readFileSync(fileURLToPath(new URL('../bin/trailboss-opencode-plugin.js', import.meta.url)), 'utf8');
  const home = join(dir, 'opencode-plugins');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'package.json'), '{"type":"module"}\n');
  const file = join(home, `trailboss-${env.tmuxPane.slice(1)}.js`);
  writeFileSync(file, pluginText(template, endpointFile));
  // Events arrive one JSON per stdin line and go to the plugin's hook as opencode's bus would hand them.
  const script = [
    `const { TrailBossPlugin } = await import(${JSON.stringify(pathToFileURL(file).href)});`,
    'const hooks = await TrailBossPlugin({});',
    "const { createInterface } = await import('node:readline');",
    "createInterface({ input: process.stdin }).on('line', (line) => void hooks.event({ event: JSON.parse(line) }));",
  ].join('\n');
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env['PATH'] ?? '', TMUX_PANE: env.tmuxPane, TMUX: env.tmux },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.on('error', () => {});
  return {
    send(event) {
      const t = preciseNow();
      child.stdin.write(JSON.stringify(event) + '\n');
      return t;
    },
    stop: () => void child.kill(),
  };
}
