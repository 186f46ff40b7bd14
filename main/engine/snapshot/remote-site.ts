/**
 * An agent on a configured host, for a restart: its processes (`ps`, `/proc` where the host has
 * one), Claude's status file and transcript (under the remote `$CLAUDE_CONFIG_DIR` or `~/.claude`),
 * and git — all over the host's ssh connection. The transcript is streamed through the same parser
 * as locally, so a 100 MB file costs one chunk of memory here. The snapshot is kept on this machine.
 */
import path from 'node:path';
import { parseStatusFile } from '../claude-signals/status-file.ts';
import type { HostShell } from '../hosts/host-shell.ts';
import type { Logger } from '../platform/log.ts';
import { programName, type ProcessEntry } from '../platform/process-table.ts';
import type { Runner } from '../platform/run.ts';
import type { AgentProcessOps } from './agent-process.ts';
import type { AgentSite } from './agent-site.ts';
import type { Located, TranscriptSource } from './locate.ts';
import { projectDirName } from './locate.ts';
import { parseTranscriptChunks } from './parse-transcript.ts';

/** Longest project dir name Claude uses uncut (locate.ts). */
const MAX_NAME = 200;

/** Claude's config dir on the host, as its own shell sees it (a relative CLAUDE_CONFIG_DIR is under home). */
const CONFIG_DIR = 'd="${CLAUDE_CONFIG_DIR:-$HOME/.claude}"; case "$d" in /*) ;; *) d="$HOME/$d" ;; esac';

/**
 * locate.ts's rules, run on the host in one round trip: $1 session id (may be empty), $2 the
 * project dir name, $3 the glob of cut names (empty when the name is not cut). Prints
 * `session|latest <TAB> path`, or `none <TAB> what was looked under`.
 */
const LOCATE_SCRIPT = `${CONFIG_DIR}; p="$d/projects"
if [ -n "$1" ]; then
  if [ -z "$3" ] && [ -f "$p/$2/$1.jsonl" ]; then printf 'session\\t%s\\n' "$p/$2/$1.jsonl"; exit 0; fi
  for f in "$p"/*/"$1.jsonl"; do if [ -f "$f" ]; then printf 'session\\t%s\\n' "$f"; exit 0; fi; done
  printf 'none\\tno transcript for session %s under %s\\n' "$1" "$p"; exit 0
fi
if [ -n "$3" ]; then set -- "$1" "$2" "$p"/$3; else set -- "$1" "$2" "$p/$2"; fi
shift 2
for dir in "$@"; do
  newest=$(ls -t "$dir" 2>/dev/null | grep '\\.jsonl$' | head -n 1)
  if [ -n "$newest" ] && [ -f "$dir/$newest" ]; then printf 'latest\\t%s\\n' "$dir/$newest"; exit 0; fi
done
printf 'none\\tunder %s\\n' "$p"`;

/** The status file of pid $1, or nothing. */
const STATUS_SCRIPT = `${CONFIG_DIR}; cat -- "$d/sessions/$1.json" 2>/dev/null || true`;

/** What a remote site needs. */
export interface RemoteSiteDeps {
  readonly shell: HostShell;
  /** This machine's directory for the snapshots of remote projects (one subdirectory per host). */
  readonly snapshotsDir: string;
  readonly logger: Logger;
  /** Per short command (default 15 s). */
  readonly timeoutMs?: number;
}

/** A host's agent, reached through `deps.shell`. */
export function remoteSite(deps: RemoteSiteDeps): AgentSite {
  const { shell } = deps;
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const sh = (script: string, ...args: string[]) => shell.run(['sh', '-c', script, 'trailboss', ...args], { timeoutMs });
  return {
    host: shell.host,
    processes: remoteProcesses(shell, timeoutMs),
    async claudeSession(pid) {
      const out = await sh(STATUS_SCRIPT, String(pid));
      if (out.stdout.trim() === '') return null;
      const parsed = parseStatusFile(out.stdout, pid);
      if (!parsed.ok) {
        deps.logger.log('warn', 'snapshot.remote-status-skipped', { host: shell.host, pid, error: parsed.error });
        return null;
      }
      return parsed.file;
    },
    async locateTranscript(req): Promise<Located> {
      if (req.sessionId !== null && !/^[A-Za-z0-9-]+$/.test(req.sessionId))
        return { error: `not a session id: ${JSON.stringify(req.sessionId)}` };
      const name = projectDirName(req.cwd);
      const cut = name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}-*` : '';
      const out = await sh(LOCATE_SCRIPT, req.sessionId ?? '', name, cut);
      const [source, found] = splitOnce(out.stdout.split('\n')[0] ?? '', '\t');
      if ((source === 'session' || source === 'latest') && found) return { path: found, source: source satisfies TranscriptSource };
      if (source === 'none') return { error: `${req.sessionId ? found : `no transcript for ${req.cwd} ${found}`} on host ${shell.host}` };
      return { error: `looking for the transcript on host ${shell.host} failed: ${out.stderr.trim() || `exit ${out.exitCode}`}` };
    },
    async parseTranscript(file, maxLines) {
      let ended: { exitCode: number; stderr: string } | null = null;
      const parsed = await parseTranscriptChunks(async (push) => {
        ended = await shell.stream(['cat', '--', file], push);
      }, maxLines);
      const end = ended as { exitCode: number; stderr: string } | null;
      if (end && end.exitCode !== 0)
        throw new Error(`reading ${file} on host ${shell.host} failed: ${end.stderr.trim() || `exit ${end.exitCode}`}`);
      return parsed;
    },
    gitRunner: remoteRunner(shell),
    snapshotHome: (projectDir) => path.join(deps.snapshotsDir, shell.host, projectDirName(projectDir)),
    agentWritesSnapshots: false,
  };
}

/** A Runner whose programs run on the host (git for the hints); environment changes go through `env`. */
export function remoteRunner(shell: HostShell): Runner {
  return {
    run(file, args, opts = {}) {
      const env = Object.entries(opts.env ?? {});
      const unset = env.flatMap(([k, v]) => (v === undefined ? ['-u', k] : []));
      const set = env.flatMap(([k, v]) => (v === undefined ? [] : [`${k}=${v}`]));
      return shell.run(['env', ...unset, ...set, file, ...args], { ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) });
    },
  };
}

/** One `ps` line: pid, ppid, comm, args. */
const PS_LINE = /^\s*(\d+)\s+(\d+)\s+(\S+)\s*(.*)$/;

/** Parse `ps -A -o pid= -o ppid= -o comm= -o args=` (pure). */
export function parsePsTable(text: string): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const line of text.split('\n')) {
    const m = PS_LINE.exec(line);
    if (!m) continue;
    const pid = Number(m[1]);
    const argv = m[4]!.trim();
    // Darwin's comm is the full path; Linux's is the name (perhaps a renamed thread, or `kworker/0:1`).
    const raw = m[3]!;
    const comm = programName(raw.startsWith('/') ? path.posix.basename(raw) : raw, argv.split(' ')[0]);
    table.set(pid, { pid, ppid: Number(m[2]), comm, argv });
  }
  return table;
}

/** The host's processes: `ps` for the table and liveness, `/proc` for exact argv and cwd where there is one, `kill` to signal. */
export function remoteProcesses(shell: HostShell, timeoutMs: number): AgentProcessOps {
  const run = (argv: string[]) => shell.run(argv, { timeoutMs });
  return {
    async table() {
      const out = await run(['ps', '-A', '-o', 'pid=', '-o', 'ppid=', '-o', 'comm=', '-o', 'args=']);
      if (out.exitCode !== 0) throw new Error(`ps on host ${shell.host} failed: ${out.stderr.trim() || `exit ${out.exitCode}`}`);
      return parsePsTable(out.stdout);
    },
    async argv(pid) {
      const out = await run(['cat', `/proc/${pid}/cmdline`]);
      if (out.exitCode !== 0 || out.stdout === '') return null;
      const parts = out.stdout.split('\0');
      while (parts.at(-1) === '') parts.pop();
      return parts.length > 0 ? parts : null;
    },
    async cwd(pid) {
      const out = await run(['readlink', `/proc/${pid}/cwd`]);
      const dir = out.stdout.replace(/\n$/, '');
      return out.exitCode === 0 && dir.startsWith('/') ? dir : null;
    },
    async alive(pid) {
      const out = await run(['ps', '-o', 'stat=', '-p', String(pid)]);
      const stat = out.stdout.trim();
      // A zombie has exited; only its parent has not reaped it yet.
      return out.exitCode === 0 && stat !== '' && !stat.startsWith('Z');
    },
    async signal(pid, signal) {
      const out = await run(['kill', '-s', signal.replace(/^SIG/, ''), String(pid)]);
      // Gone already is not an error (as locally); anything else is.
      if (out.exitCode !== 0 && (await this.alive(pid)))
        throw new Error(`kill -${signal} ${pid} on host ${shell.host} failed: ${out.stderr.trim() || `exit ${out.exitCode}`}`);
    },
  };
}

function splitOnce(line: string, sep: string): [string, string] {
  const at = line.indexOf(sep);
  return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + sep.length)];
}
