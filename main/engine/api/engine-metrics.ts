/**
 * What the engine says about its own health, for `trailboss doctor` and the soak bench: uptime,
 * memory, descriptors, live handles and timers, file sizes, rows per table, the retention in force.
 * `POST /api/engine/metrics` on the loopback server (token-protected like every route). Read-only:
 * collecting it changes nothing but the answer (and, for an engine started with --expose-gc that is
 * asked to, runs a full garbage collection first).
 */
import { readdirSync, statSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import type { LoopbackServer } from '../http/server.ts';
import type { ServerMode } from '../observe/change-signal.ts';
import type { RetentionPolicy } from '../store/index.ts';

/** The route's path (a POST, so the CLI's one-shot loopback client can call it). */
export const ENGINE_METRICS_PATH = '/api/engine/metrics';

/** One answer of the metrics route. Sizes in bytes; null where this platform cannot tell. */
export interface EngineMetrics {
  readonly pid: number;
  readonly uptimeS: number;
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  readonly heapTotalBytes: number;
  readonly externalBytes: number;
  /**
   * The young generation's resident size (V8's new space and new large-object space) as it stood
   * before any collection this request ran: elastic, it grows under a burst of allocation up to V8's
   * semi-space limit and is given back by a memory-reducing collection.
   */
  readonly youngGenerationBytes: number;
  /** The process's RSS before any collection this request ran (`rssBytes` is read after it). */
  readonly rssBeforeGcBytes: number;
  readonly openFds: number | null;
  /** `process.getActiveResourcesInfo()` counted by type (`Timeout`, `TCPWrap`, `ProcessWrap`, …). */
  readonly activeResources: Readonly<Record<string, number>>;
  readonly sseClients: number;
  readonly openConnections: number;
  readonly databaseBytes: number | null;
  readonly walBytes: number | null;
  readonly rows: Readonly<Record<string, number>>;
  readonly retention: RetentionPolicy;
  /** A full garbage collection ran just before these figures (asked for, and the engine runs with --expose-gc). */
  readonly gcForced: boolean;
  /** How each tmux server's panes are watched: tmux's change events, or polling (and why). */
  readonly observe?: readonly ServerMode[];
}

/** What the collector reads. */
export interface MetricsSources {
  readonly startedAt: number;
  readonly now: () => number;
  readonly databaseFile: string;
  readonly rows: () => Record<string, number>;
  readonly retention: () => RetentionPolicy;
  readonly server: () => { sseClients: number; openConnections: number };
  readonly observeModes?: () => readonly ServerMode[];
}

/** Count `process.getActiveResourcesInfo()` by type. */
export function countResources(types: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of types) out[t] = (out[t] ?? 0) + 1;
  return out;
}

function sizeOf(file: string): number | null {
  try {
    return statSync(file).size;
  } catch {
    return null;
  }
}

/** Open descriptors of this process (Linux /proc, macOS /dev/fd); null elsewhere. */
function openFds(): number | null {
  for (const dir of ['/proc/self/fd', '/dev/fd']) {
    try {
      return readdirSync(dir).length;
    } catch {
      // next
    }
  }
  return null;
}

/** The options of the collector --expose-gc installs (V8's gc extension). */
type ExposedGc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** V8's resident young generation now. */
function youngGenerationNow(): number {
  let bytes = 0;
  for (const space of getHeapSpaceStatistics())
    if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space') bytes += space.physical_space_size;
  return bytes;
}

/** Memory as it stands before a collection (the figures a forced one would change). */
export interface BeforeGc {
  readonly rssBytes: number;
  readonly youngGenerationBytes: number;
}

/** Read the memory figures a collection would change. */
export function memoryBeforeGc(): BeforeGc {
  return { rssBytes: process.memoryUsage.rss(), youngGenerationBytes: youngGenerationNow() };
}

/**
 * Run a memory-reducing full garbage collection when the body asks for it (`{ "gc": true }`) and the
 * process was started with --expose-gc (the soak bench starts its engine so). The heap and RSS then
 * read what the engine retains, not wherever the collector's sawtooth stands or how far the young
 * generation has grown: V8's "last-resort" flavour collects until nothing more is freed, shrinks the
 * young generation and releases pooled pages, as V8's own memory reducer does when the engine idles.
 * A plain full collection leaves the young generation's pages resident, and how many of them a burst
 * of allocation has touched creeps up towards V8's limit over an hour: a slope that says nothing of
 * what the engine keeps. Without the flag the request is ignored, so a normal engine cannot be made
 * to pause by a caller.
 */
export function fullGcIfAsked(body: unknown): boolean {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (typeof gc !== 'function' || typeof body !== 'object' || body === null || (body as { gc?: unknown }).gc !== true) return false;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}

/** Read every figure now (`gcForced`: a full collection ran just before; `before`: memory as it stood before it). */
export function collectEngineMetrics(s: MetricsSources, gcForced = false, before: BeforeGc = memoryBeforeGc()): EngineMetrics {
  const mem = process.memoryUsage();
  const server = s.server();
  return {
    pid: process.pid,
    uptimeS: Math.max(0, Math.round((s.now() - s.startedAt) / 1000)),
    rssBytes: mem.rss,
    heapUsedBytes: mem.heapUsed,
    heapTotalBytes: mem.heapTotal,
    externalBytes: mem.external,
    youngGenerationBytes: before.youngGenerationBytes,
    rssBeforeGcBytes: before.rssBytes,
    openFds: openFds(),
    activeResources: countResources(process.getActiveResourcesInfo()),
    sseClients: server.sseClients,
    openConnections: server.openConnections,
    databaseBytes: sizeOf(s.databaseFile),
    walBytes: sizeOf(`${s.databaseFile}-wal`),
    rows: s.rows(),
    retention: s.retention(),
    gcForced,
    ...(s.observeModes ? { observe: s.observeModes() } : {}),
  };
}

/** Mount the route on the loopback server. */
export function registerEngineMetrics(server: LoopbackServer, sources: Omit<MetricsSources, 'server'>): void {
  server.route('POST', ENGINE_METRICS_PATH, (req) => {
    const before = memoryBeforeGc();
    const gcForced = fullGcIfAsked(req.body);
    const stats = server.stats();
    return {
      status: 200,
      body: collectEngineMetrics(
        { ...sources, server: () => ({ sseClients: stats.sseClients, openConnections: stats.connections.open }) },
        gcForced,
        before,
      ),
    };
  });
}
