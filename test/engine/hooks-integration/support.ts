/**
 * Shared steps of the hooks integration tests: a Claude pane held on its working screen (so a
 * hook can arrive before the pane shows anything), the real recorded hook payloads, and posting
 * them the way bin/trailboss-hook.mjs does — straight to the endpoint or through the script.
 */
import { resolve } from 'node:path';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { Engine } from '../../../main/engine/engine.ts';
import { HOOK_PATH } from '../../../main/engine/http/endpoint-file.ts';
import type { PaneState } from '../../../main/engine/sessions/pane-state.ts';
import type { Scenario } from '../../support/scripted-agent/scenario.ts';
import { assertScenario } from '../../support/scripted-agent/scenario.ts';
import type { ScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { RawResponse } from '../http/http-helpers.ts';
import { postJson, rawRequest } from '../http/http-helpers.ts';
import { allRecordedHooks, hookExample } from '../hooks/fixture-hooks.ts';
import { poll } from '../../support/poll.ts';
import { runNode } from '../../support/run-node.ts';

/** The key that releases a held agent (no Claude screen uses F4, and the engine never sends it). */
export const RELEASE_KEY = 'F4';

/** `scenario`, but on Claude's working screen until the test presses RELEASE_KEY. */
export function heldWorking(scenario: Scenario, screen = 'panes/claude/working-1'): Scenario {
  return assertScenario({
    ...scenario,
    name: `${scenario.name}-held`,
    initial: 'held',
    states: { ...scenario.states, held: { screen, keys: { [RELEASE_KEY]: scenario.initial }, note: 'working until the test releases it' } },
  });
}

/**
 * `scenario` held on a working screen like `heldWorking`; RELEASE_KEY starts the agent's hooks: the same
 * working screen for `hooksMs` more, then the prompt (Codex and Claude Code run their PermissionRequest
 * hooks before they draw it).
 */
export function promptAfterHooks(scenario: Scenario, hooksMs: number, screen = 'panes/claude/working-1'): Scenario {
  const held = heldWorking(scenario, screen);
  return assertScenario({
    ...held,
    name: `${scenario.name}-after-hooks`,
    states: {
      ...held.states,
      held: { screen, keys: { [RELEASE_KEY]: 'hooks-running' }, note: 'working until the test releases it' },
      'hooks-running': { screen, after: { ms: hooksMs, next: scenario.initial }, note: 'the agent runs its hooks, then draws the prompt' },
    },
  });
}

/** Where a hook ran: the pane id (`$TMUX_PANE`) and the server's socket (first field of `$TMUX`). */
export interface HookOrigin {
  readonly paneId: string;
  readonly socket: string;
}

/** A recorded payload (`Stop.json`, …) with some fields replaced. */
export function payload(file: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...hookExample(file), ...overrides };
}

/** The recorded PermissionRequest for AskUserQuestion (the lab's question dialog). */
export function askUserQuestionPayload(): Record<string, unknown> {
  const found = allRecordedHooks().find((r) => r.event === 'PermissionRequest' && r.payload['tool_name'] === 'AskUserQuestion');
  if (!found) throw new Error('no recorded AskUserQuestion PermissionRequest');
  return found.payload;
}

/** The envelope the forwarder script posts. */
export function envelope(body: Record<string, unknown>, origin: HookOrigin | null) {
  return {
    v: 1,
    event: body['hook_event_name'],
    tmuxPane: origin?.paneId ?? null,
    tmuxSocket: origin?.socket ?? null,
    ppid: null,
    payload: body,
  };
}

/** POST one hook to the engine's endpoint as the forwarder would (token override for refusal tests). */
export function postHook(
  engine: Engine,
  body: Record<string, unknown>,
  origin: HookOrigin | null,
  token: string | null = engine.apiToken,
): Promise<RawResponse> {
  const port = engine.apiPort;
  if (port === null) throw new Error('the engine runs without its API (start the harness with api: true)');
  if (token !== null) return postJson(port, HOOK_PATH, token, envelope(body, origin));
  const text = JSON.stringify(envelope(body, origin));
  return rawRequest({
    port,
    method: 'POST',
    path: HOOK_PATH,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    body: text,
  });
}

/** Run bin/trailboss-hook.mjs as Claude Code runs it in the pane: payload on stdin, the pane's TMUX env. */
export async function runForwarder(
  endpointFile: string,
  body: Record<string, unknown>,
  origin: HookOrigin,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { TMUX_PANE: origin.paneId, TMUX: `${origin.socket},${process.pid},0` };
  const { code, stdout, stderr } = await runNode(
    [resolve('bin/trailboss-hook.mjs'), '--endpoint', endpointFile, String(body['hook_event_name'])],
    {
      env,
      stdin: JSON.stringify(body),
    },
  );
  return { code, stdout, stderr };
}

/** The engine's queue now. */
export async function queue(engine: Engine): Promise<readonly QueueItemDto[]> {
  const env = await engine.api['queue:list']({});
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

/** The pane key the engine uses for a scripted agent's pane. */
export function paneKeyOf(socket: string, agent: Pick<ScriptedAgent, 'paneId'>): string {
  return `S:${socket}|${agent.paneId}`;
}

/** Wait until the engine's truth for the pane matches `test` (state, source, …). */
export function waitForTruth(
  engine: Engine,
  pane: string,
  test: (s: PaneState) => boolean,
  what: string,
  timeoutMs?: number,
): Promise<PaneState> {
  return poll(
    () => {
      const s = engine.truth.get(pane);
      return s && test(s) ? s : null;
    },
    what,
    { timeoutMs },
  );
}

/** Item events as they happen, each with the wall time it was seen. */
export interface EventLog {
  readonly added: { item: QueueItemDto; at: number; t: number }[];
  readonly updated: { item: QueueItemDto; at: number }[];
  readonly resolved: { id: string; resolution: string; at: number; t: number }[];
  stop(): void;
}

/** Start recording `item:added`, `item:updated` and `item:resolved`. */
export function recordItemEvents(engine: Engine): EventLog {
  const log: Omit<EventLog, 'stop'> = { added: [], updated: [], resolved: [] };
  const offs = [
    engine.on('item:added', ({ item }) => log.added.push({ item, at: Date.now(), t: performance.now() })),
    engine.on('item:updated', ({ item }) => log.updated.push({ item, at: Date.now() })),
    engine.on('item:resolved', ({ id, resolution }) => log.resolved.push({ id, resolution, at: Date.now(), t: performance.now() })),
  ];
  return { ...log, stop: () => offs.forEach((off) => off()) };
}
