/**
 * Doctor check: how the engine watches panes — tmux's change events (a prompt in the queue within a
 * fraction of a second) or polling (config `observe.mode` "poll", or a server whose tmux cannot give
 * the signal, which the engine polls by itself) — as the running engine says, else as configured.
 */
import { loadConfig } from '../../../engine/config/load.ts';
import { DEFAULT_CONFIG } from '../../../engine/config/schema.ts';
import { readEndpointFile } from '../../../engine/http/endpoint-info.ts';
import type { ServerMode } from '../../../engine/observe/change-signal.ts';
import { OTHERS_LISTEN } from '../../../engine/tmux/change-feed.ts';
import { advice, ok, type CheckFinding, type DoctorCheck } from '../check.ts';
import { fetchEngineMetrics } from './engine-health.ts';

/** What the running engine's modes say, for a configured mode. Pure. */
export function describeModes(configured: 'events' | 'poll', servers: readonly ServerMode[]): CheckFinding {
  if (servers.length === 0) return ok(`${configured} (configured); no tmux server watched yet`);
  const line = servers.map((s) => `${s.server}: ${s.mode}${s.reason ? ` (${s.reason})` : ''}${panesNote(s)}`).join('; ');
  if (configured === 'poll') return ok(`poll, as configured (observe.mode): ${line}`);
  const polled = servers.filter((s) => s.mode === 'poll');
  if (polled.length === 0) return ok(`events: tmux says when a pane changes — ${line}`);
  const signal = polled.some((s) => s.reason === OTHERS_LISTEN)
    ? 'attach that terminal without its tmux integration (not `tmux -CC`) and restart the engine for the change signal'
    : 'tmux 3.2 or newer in control mode (tmux.captureMode "auto" or "control") gives the signal';
  return advice(
    `events configured, but ${polled.length} of ${servers.length} server(s) polled: ${line}`,
    `polling still finds every prompt, about a second later; ${signal}`,
  );
}

/** How new agents are found on a server with events: tmux announces the pane set, or a list every second. */
function panesNote(s: ServerMode): string {
  if (s.mode !== 'events' || s.panesAnnounced === undefined) return '';
  return s.panesAnnounced ? ', new panes announced by tmux' : ', new panes found by a list every second';
}

export const observeModeCheck: DoctorCheck = {
  id: 'observe-mode',
  title: 'pane observation (events or poll)',
  async run({ paths }) {
    const loaded = loadConfig(paths.config);
    const configured = (loaded.ok ? loaded.config : DEFAULT_CONFIG).observe.mode;
    const endpoint = readEndpointFile(paths.endpoint);
    if (endpoint === null) return ok(`${configured} (configured; no engine running to say what runs)`);
    try {
      const metrics = await fetchEngineMetrics(endpoint);
      if ('status' in metrics || !metrics.observe)
        return advice(`${configured} configured; the running engine does not say which mode runs (an older engine)`, null);
      return describeModes(configured, metrics.observe);
    } catch (error) {
      return advice(`${configured} configured; no answer from the engine (${(error as Error).message})`, null);
    }
  },
};
