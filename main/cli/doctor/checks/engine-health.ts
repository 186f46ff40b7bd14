/**
 * Doctor check: how the running engine is doing after a long run — uptime, memory, database and log
 * sizes (from its metrics route) — and the retention in force (from the config it reads).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { EngineMetrics } from '../../../engine/api/engine-metrics.ts';
import { ENGINE_METRICS_PATH } from '../../../engine/api/engine-metrics.ts';
import { loadConfig } from '../../../engine/config/load.ts';
import { DEFAULT_CONFIG } from '../../../engine/config/schema.ts';
import { readEndpointFile } from '../../../engine/http/endpoint-info.ts';
import { LOG_FILE_NAME, logDirectory } from '../../../engine/platform/log-file.ts';
import type { RetentionPolicy } from '../../../engine/store/index.ts';
import { loopbackPost } from '../../loopback-post.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';

/** "90 d", or "for ever". */
const days = (d: number | null): string => (d === null ? 'for ever' : `${d} d`);

/** The retention as one phrase. */
export function describeRetention(r: RetentionPolicy): string {
  return `keeps wait history ${days(r.historyDays)}, resolved items ${days(r.resolvedItemsDays)}, the audit of keys sent ${days(r.auditDays)}`;
}

/** 1 h 05 min, 3 d 4 h, 42 s. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return m > 0 ? `${m} min` : `${seconds} s`;
}

const mb = (bytes: number | null): string => (bytes === null ? '?' : `${(bytes / 2 ** 20).toFixed(1)} MB`);

/** The running engine's figures in one line. */
export function describeHealth(m: EngineMetrics, logBytes: number): string {
  return (
    `up ${formatUptime(m.uptimeS)} (pid ${m.pid}); memory ${mb(m.rssBytes)} (V8 heap ${mb(m.heapUsedBytes)}); ` +
    `database ${mb(m.databaseBytes)} + WAL ${mb(m.walBytes)}; log ${mb(logBytes)}; ${describeRetention(m.retention)}`
  );
}

/** The log file and its rotated copies, together. */
function logBytes(dir: string): number {
  try {
    return readdirSync(dir)
      .filter((f) => f.startsWith(LOG_FILE_NAME))
      .reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
  } catch {
    return 0;
  }
}

/** The running engine's metrics route: its figures, or the HTTP status of a refusal (an older engine). Throws when unreachable. */
export async function fetchEngineMetrics(endpoint: { port: number; tokenFile: string }): Promise<EngineMetrics | { status: number }> {
  const token = readFileSync(endpoint.tokenFile, 'utf8').trim();
  const answer = await loopbackPost(
    endpoint.port,
    ENGINE_METRICS_PATH,
    { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    '{}',
    3_000,
  );
  return answer.status === 200 ? (JSON.parse(answer.body) as EngineMetrics) : { status: answer.status };
}

export const engineHealthCheck: DoctorCheck = {
  id: 'engine-health',
  title: 'engine health and retention',
  async run({ ctx, paths }) {
    const loaded = loadConfig(paths.config);
    const retention = loaded.ok ? loaded.config.retention : DEFAULT_CONFIG.retention;
    const logs = logBytes(logDirectory({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd }));
    const endpoint = readEndpointFile(paths.endpoint);
    if (endpoint === null) return advice(`no engine running; ${describeRetention(retention)}`, null);
    try {
      const metrics = await fetchEngineMetrics(endpoint);
      if ('status' in metrics) return advice(`the engine has no metrics route (HTTP ${metrics.status}): an older engine; restart it`, null);
      return ok(describeHealth(metrics, logs));
    } catch (error) {
      // The engine check says what is wrong with the engine itself.
      return advice(`no figures from the engine (${(error as Error).message}); ${describeRetention(retention)}`, null);
    }
  },
};
