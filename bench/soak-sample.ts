/**
 * One soak sample of the engine process: what /proc says from outside (RSS, descriptors), what the
 * tmux server says (control clients attached) and what the engine's metrics route says from inside (V8 heap, live handles and
 * timers, rows, database and WAL sizes), plus the size of its log. Each sample asks the engine for a
 * memory-reducing full garbage collection first (it runs with --expose-gc), so memory is read at
 * what the engine retains.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { EngineMetrics } from '../main/engine/api/engine-metrics.ts';
import { ENGINE_METRICS_PATH } from '../main/engine/api/engine-metrics.ts';
import type { SoakDaemon } from './soak-daemon.ts';
import type { SampleFigures } from './soak-stats.ts';

/** One sample (the figures the soak's arithmetic reads, bench/soak-stats.ts); sizes in bytes. */
export interface SoakSample extends SampleFigures {
  /** The engine ran a full garbage collection just before (it was started with --expose-gc). */
  readonly gcForced: boolean;
}

const TIMER_TYPES = new Set(['Timeout', 'Immediate']);

/** RSS and its anonymous part from /proc/<pid>/status (VmRSS, RssAnon; kB there, bytes here). */
function rssOf(pid: number): { rss: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kB('VmRSS'), anon: kB('RssAnon') };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Take one sample of `daemon`; `controlClients` counts its control-mode connections to the tmux server. */
export async function sampleDaemon(daemon: SoakDaemon, controlClients: () => Promise<number>): Promise<SoakSample> {
  // A memory-reducing full collection first: heap and RSS then read what the engine retains, not the
  // collector's sawtooth or the young generation's elastic size (both are read before it, and reported).
  const m = await daemon.post<EngineMetrics>(ENGINE_METRICS_PATH, { gc: true });
  let timers = 0;
  let handles = 0;
  for (const [type, count] of Object.entries(m.activeResources)) {
    if (TIMER_TYPES.has(type)) timers += count;
    else handles += count;
  }
  const rss = rssOf(daemon.pid);
  return {
    t: Date.now(),
    rssBytes: rss.rss,
    rssAnonBytes: rss.anon,
    heapUsedBytes: m.heapUsedBytes,
    heapTotalBytes: m.heapTotalBytes,
    externalBytes: m.externalBytes,
    rssBeforeGcBytes: m.rssBeforeGcBytes,
    youngGenerationBytes: m.youngGenerationBytes,
    fds: readdirSync(`/proc/${daemon.pid}/fd`).length,
    handles,
    timers,
    tmuxClients: await controlClients(),
    sseClients: m.sseClients,
    databaseBytes: m.databaseBytes ?? 0,
    walBytes: m.walBytes ?? 0,
    logBytes: sizeOf(daemon.logFile),
    rows: m.rows,
    gcForced: m.gcForced === true,
  };
}
