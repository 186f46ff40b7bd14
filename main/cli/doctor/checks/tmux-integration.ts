/**
 * Doctor check: the tmux integration (`trailboss tmux install`; optional, advice until installed).
 * Once installed: our file and the source line both there, the key bound to our popup and the
 * segment shown on every running server, the segment's script there (the sh segment; an earlier
 * install's Node segment is advice to reinstall), and the queue status file kept by the running engine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readEndpointFile } from '../../../engine/http/endpoint-info.ts';
import { pidAlive } from '../../../engine/platform/engine-lock.ts';
import { segmentText, tmuxInstallDeps } from '../../commands/tmux.ts';
import { hasGlobCharacter } from '../../tmux-config/integration-file.ts';
import { hasAnySourceLine } from '../../tmux-config/source-line.ts';
import { tmuxIntegrationStatus } from '../../tmux-config/tmux-install.ts';
import { advice, ok, problem, type DoctorCheck } from '../check.ts';
import { readTextOrNull } from '../../../engine/platform/read-text.ts';

const FIX = 'trailboss tmux install';

/** Whether the status file names the running engine (null: no engine runs, nothing to judge). */
function statusFileFresh(endpointFile: string, statusFile: string): boolean | null {
  const endpoint = readEndpointFile(endpointFile);
  if (endpoint === null || !pidAlive(endpoint.pid)) return null;
  try {
    return (JSON.parse(readFileSync(statusFile, 'utf8')) as { pid?: unknown }).pid === endpoint.pid;
  } catch {
    return false;
  }
}

export const tmuxIntegrationCheck: DoctorCheck = {
  id: 'tmux-integration',
  title: 'tmux popup and status segment',
  async run({ ctx, paths }) {
    const deps = tmuxInstallDeps(ctx);
    if (hasGlobCharacter(deps.ourFile)) {
      const move = 'set TRAILBOSS_HOME to a directory whose path has no * ? [ or \\';
      return hasAnySourceLine(readTextOrNull(deps.configFile))
        ? problem(
            `${deps.configFile} sources ${deps.ourFile}, a path tmux reads as a pattern: it may source another file that matches`,
            `trailboss tmux uninstall, then ${move}`,
          )
        : advice(`the data directory's path has a glob character: trailboss tmux install refuses it`, move);
    }
    const fileThere = existsSync(deps.ourFile);
    // Running servers are looked at only once installed: nothing of ours to find there before.
    if (!fileThere) {
      return hasAnySourceLine(readTextOrNull(deps.configFile))
        ? problem(`${deps.configFile} sources ${deps.ourFile}, which is missing`, FIX)
        : advice('not installed (optional: the queue in a popup on prefix + T, the waiting count in the status line)', FIX);
    }
    const status = await tmuxIntegrationStatus(deps);
    if (!status.sourceLine)
      return problem(`${deps.configFile} no longer sources ${deps.ourFile} (a new tmux server would not have it)`, FIX);
    const key = status.key ?? '?';
    const unbound = status.servers.filter((s) => !s.bound).map((s) => s.socket);
    if (unbound.length > 0)
      return problem(`prefix + ${key} is not the Trail Boss popup on ${unbound.join(', ')} (rebound, or the file not sourced there)`, FIX);
    const noSegment = status.servers.filter((s) => !s.segment).map((s) => s.socket);
    if (noSegment.length > 0) return problem(`the status segment is missing from status-right on ${noSegment.join(', ')}`, FIX);
    const segment = status.segment;
    if (segment === null) return problem(`${deps.ourFile} has no status segment of ours (edited by hand?)`, FIX);
    if (!segment.scriptPresent)
      return problem(
        `the status segment runs ${segment.script ?? 'an unreadable path'}, which is missing: the status line shows nothing`,
        FIX,
      );
    const stale = status.servers.filter((s) => s.segmentKind !== segment.kind).map((s) => s.socket);
    if (stale.length > 0) return problem(`the status segment of an earlier install is still shown on ${stale.join(', ')}`, FIX);
    const fresh = statusFileFresh(paths.endpoint, paths.queueStatus);
    if (fresh === false)
      return problem(
        `the running engine does not keep ${paths.queueStatus}: the status line shows nothing`,
        'restart the engine (stop `trailboss daemon` or the app, then start it again)',
      );
    if (segment.kind === 'node') return advice(`the status segment is ${segmentText(segment)}`, FIX);
    const servers = status.servers.length === 0 ? 'no tmux server running' : `${status.servers.length} server(s) up to date`;
    return ok(
      `prefix + ${key} and the status segment (${segmentText(segment)}) in ${deps.ourFile}, sourced from ${deps.configFile}; ${servers}`,
    );
  },
};
