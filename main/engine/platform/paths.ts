/**
 * Where Trail Boss keeps its config and data. Pure: the caller passes the environment, platform
 * and home directory, so tests (and the CLI with `TRAILBOSS_HOME`) never touch the real $HOME.
 */
import path from 'node:path';

/** What the resolver needs from the process; pass `process.env`, `process.platform`, `os.homedir()`. */
export interface PathsInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
  /** Used only to resolve a relative `TRAILBOSS_HOME`; without it a relative value is refused. */
  readonly cwd?: string;
}

/** Every file and directory Trail Boss owns, all under one `home` directory. */
export interface TrailbossPaths {
  /** The directory holding everything below (`TRAILBOSS_HOME` or the platform app-data dir). */
  readonly home: string;
  /** The JSON config file (engine/config). */
  readonly config: string;
  /** The SQLite database (engine/store). */
  readonly database: string;
  /** Held by the one running engine per home. */
  readonly lock: string;
  /** The local API endpoint (port + token) the CLI reads; must be readable by the user alone. */
  readonly endpoint: string;
  /** Directory for log files. */
  readonly logs: string;
  /** The queue status `trailboss tmux-status` prints (engine/api/queue-status-file.ts). */
  readonly queueStatus: string;
}

/** Resolve the data/config directory and the files inside it. */
export function resolvePaths(input: PathsInput): TrailbossPaths {
  const p = input.platform === 'win32' ? path.win32 : path.posix;
  const home = resolveHome(input, p);
  return {
    home,
    config: p.join(home, 'config.json'),
    database: p.join(home, 'trailboss.db'),
    lock: p.join(home, 'engine.lock'),
    endpoint: p.join(home, 'endpoint.json'),
    logs: p.join(home, 'logs'),
    queueStatus: p.join(home, 'queue-status.json'),
  };
}

function resolveHome(input: PathsInput, p: path.PlatformPath): string {
  const override = nonEmpty(input.env['TRAILBOSS_HOME']);
  if (override !== null) {
    if (p.isAbsolute(override)) return p.normalize(override);
    if (input.cwd === undefined) throw new Error(`TRAILBOSS_HOME must be an absolute path (got "${override}")`);
    return p.resolve(input.cwd, override);
  }
  switch (input.platform) {
    case 'darwin':
      return p.join(input.homedir, 'Library', 'Application Support', 'Trail Boss');
    case 'win32':
      return p.join(nonEmpty(input.env['APPDATA']) ?? p.join(input.homedir, 'AppData', 'Roaming'), 'Trail Boss');
    default: {
      // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
      const xdg = nonEmpty(input.env['XDG_CONFIG_HOME']);
      const base = xdg !== null && p.isAbsolute(xdg) ? xdg : p.join(input.homedir, '.config');
      return p.join(base, 'trailboss');
    }
  }
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value;
}
