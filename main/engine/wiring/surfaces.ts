/**
 * Wiring step 8: the contract's methods for every surface (one map per surface, so the audit log says
 * on whose action a key was sent), and the loopback endpoint that carries hooks, the API and the UI.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { ApiDeps } from '../api/api-methods.ts';
import { buildApiMethods } from '../api/api-methods.ts';
import type { storeHookCounter } from '../api/hooks-service.ts';
import { registerEngineMetrics } from '../api/engine-metrics.ts';
import { mountApi } from '../api/mount-api.ts';
import type { Surface } from '../actions/types.ts';
import type { ApiEndpoint } from '../http/api-endpoint.ts';
import { startApiEndpoint } from '../http/api-endpoint.ts';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import { CODEX_HOOK_PATH, COPILOT_HOOK_PATH, GEMINI_HOOK_PATH, QWEN_HOOK_PATH } from '../http/endpoint-file.ts';
import { qwenPayloadAsClaude } from '../hooks/qwen-hooks.ts';
import { copilotEventName, copilotPayloadAsClaude } from '../hooks/copilot-hooks.ts';
import { geminiEventName, geminiPayloadAsClaude } from '../hooks/gemini-hooks.ts';
import { runtimeHookCounter } from '../hooks/runtime-arrivals.ts';
import { MemoryHookEventCounter } from '../hooks/hook-event-counter.ts';
import { registerHookIngest } from '../hooks/hook-ingest.ts';
import { storeOpencodeArrivals } from '../hooks/opencode-arrivals.ts';
import type { OpencodeDelivery } from '../hooks/opencode-ingest.ts';
import { registerOpencodeIngest } from '../hooks/opencode-ingest.ts';
import type { ServerMode } from '../observe/change-signal.ts';
import type { Foundation, UndoList } from './foundation.ts';

/** `apiFor(surface)` gives that surface's method map, made once. */
export type ApiForSurface = (surface: Surface) => ApiMethods;

/** Method maps per surface over the same parts. */
export function apiPerSurface(deps: Omit<ApiDeps, 'surface'>): ApiForSurface {
  const perSurface = new Map<Surface, ApiMethods>();
  return (surface) => {
    const known = perSurface.get(surface);
    if (known) return known;
    const made = buildApiMethods({ ...deps, surface });
    perSurface.set(surface, made);
    return made;
  };
}

export interface EndpointOptions {
  readonly pid: number;
  readonly uiDir: string | null;
  readonly apiFor: ApiForSurface;
  readonly hookCounter: ReturnType<typeof storeHookCounter>;
  readonly deliverHook: (delivery: HookDelivery) => void;
  /** Codex hook deliveries (POST /hooks/codex); the route is absent without it. */
  readonly deliverCodexHook?: (delivery: HookDelivery) => void;
  /** Gemini CLI hook deliveries (POST /hooks/gemini, translated to Claude's shape); absent without it. */
  readonly deliverGeminiHook?: (delivery: HookDelivery) => void;
  /** Qwen Code hook deliveries (POST /hooks/qwen); absent without it. */
  readonly deliverQwenHook?: (delivery: HookDelivery) => void;
  /** Copilot CLI hook deliveries (POST /hooks/copilot, translated to Claude's shape); absent without it. */
  readonly deliverCopilotHook?: (delivery: HookDelivery) => void;
  /** opencode plugin deliveries (POST /hooks/opencode); the route is absent without it. */
  readonly deliverOpencodeEvent?: (delivery: OpencodeDelivery) => void;
  /** When the engine started (its uptime in the metrics route). */
  readonly startedAt: number;
  /** How each tmux server's panes are watched (the metrics route, for doctor). */
  readonly observeModes?: () => readonly ServerMode[];
}

/** Start the loopback endpoint (hook ingest + API + optional UI); closed by the undo list. */
export async function startEndpoint(f: Foundation, opts: EndpointOptions, undo: UndoList): Promise<ApiEndpoint> {
  const { clock, logger, paths, events } = f;
  const endpoint = await startApiEndpoint({
    home: paths.home,
    endpointFile: paths.endpoint,
    port: f.config().hooks.port,
    clock,
    logger,
    pid: opts.pid,
    setup: (server) => {
      registerHookIngest(server, { clock, counter: opts.hookCounter, deliver: opts.deliverHook });
      // Codex arrivals are counted apart: Claude's `hooks status` must not report Codex's events.
      if (opts.deliverCodexHook)
        registerHookIngest(server, { clock, counter: new MemoryHookEventCounter(), deliver: opts.deliverCodexHook }, CODEX_HOOK_PATH);
      if (opts.deliverGeminiHook)
        registerHookIngest(
          server,
          // Counted in the store under Gemini's own event names, so `hooks status --runtime gemini` sees them.
          { clock, counter: runtimeHookCounter(f.store, 'gemini', geminiEventName), deliver: opts.deliverGeminiHook },
          GEMINI_HOOK_PATH,
          geminiPayloadAsClaude,
        );
      if (opts.deliverQwenHook)
        registerHookIngest(
          server,
          { clock, counter: runtimeHookCounter(f.store, 'qwen'), deliver: opts.deliverQwenHook },
          QWEN_HOOK_PATH,
          qwenPayloadAsClaude,
        );
      if (opts.deliverCopilotHook)
        registerHookIngest(
          server,
          { clock, counter: runtimeHookCounter(f.store, 'copilot', copilotEventName), deliver: opts.deliverCopilotHook },
          COPILOT_HOOK_PATH,
          copilotPayloadAsClaude,
        );
      // Counted in the store under their own names, so `hooks status --runtime opencode` sees them from the CLI.
      if (opts.deliverOpencodeEvent)
        registerOpencodeIngest(server, { clock, arrivals: storeOpencodeArrivals(f.store), deliver: opts.deliverOpencodeEvent });
      registerEngineMetrics(server, {
        startedAt: opts.startedAt,
        now: () => clock.now(),
        databaseFile: paths.database,
        rows: () => f.store.retention.rowCounts(),
        retention: () => f.config().retention,
        ...(opts.observeModes ? { observeModes: opts.observeModes } : {}),
      });
      mountApi(server, { apiFor: opts.apiFor, events, uiDir: opts.uiDir, logger });
    },
  });
  undo.push(() => endpoint.close());
  return endpoint;
}
