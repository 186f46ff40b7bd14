// `trailboss tmux-status`: the tmux status-line segment, e.g. `⏳3 12m` (three wait, the oldest for
// 12 minutes) or `⏳3 12m ⚠1` (one of them is stuck: every reminder fired), for scripts and for a
// segment installed by an earlier version (`trailboss tmux install` now has tmux run
// bin/trailboss-tmux-status.sh, which prints exactly this without starting Node; both are run against
// one table of cases in test/cli/tmux-status-parity.test.ts). Plain JS with built-ins only, reading
// one small file the engine keeps current (main/engine/api/queue-status-file.ts; path: platform/paths.ts
// `queueStatus`). It prints nothing when nobody waits, when no engine runs, when the file is stale
// (its engine's pid is gone: killed without cleaning up) or is not exactly the line the engine writes,
// and exits 0 in every case; nothing but the segment ever reaches stdout, and the segment is digits,
// letters and two fixed symbols only.
const builtin = (name) => (typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule(name) : import(name));

/** The Trail Boss home, resolved as platform/paths.ts does. */
function homeDir(env, platform, path, os) {
  const override = env.TRAILBOSS_HOME && env.TRAILBOSS_HOME.trim() !== '' ? env.TRAILBOSS_HOME : null;
  if (override !== null) return path.resolve(process.cwd(), override);
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'Trail Boss');
  if (platform === 'win32') return path.join(env.APPDATA || path.join(os.homedir(), 'AppData', 'Roaming'), 'Trail Boss');
  const xdg = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : null;
  return path.join(xdg || path.join(os.homedir(), '.config'), 'trailboss');
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is not ours to signal — still an engine that runs.
    return Boolean(error) && error.code === 'EPERM';
  }
}

/** `45s`, `12m`, `3h`, `2d`: the age of a wait, whole units, never negative. */
function age(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return s + 's';
  if (s < 3600) return Math.floor(s / 60) + 'm';
  if (s < 86400) return Math.floor(s / 3600) + 'h';
  return Math.floor(s / 86400) + 'd';
}

const count = (value) => Number.isSafeInteger(value) && value >= 0;

/**
 * The status in the file's text, or null unless it is exactly the line the engine writes
 * (JSON.stringify of the five keys in order, then a newline or none): whole numbers within the safe
 * integers, a pid a signal can name, `oldestSince` a whole number or null. NUL bytes are dropped
 * first, as the shell's `read` drops them, so that the sh segment agrees.
 */
function parseStatus(text) {
  const line = text.replaceAll('\0', '').replace(/\n$/, '');
  let s;
  try {
    s = JSON.parse(line);
  } catch {
    return null;
  }
  if (s === null || typeof s !== 'object') return null;
  const canonical = JSON.stringify({ version: s.version, pid: s.pid, count: s.count, oldestSince: s.oldestSince, stuck: s.stuck });
  if (canonical !== line || s.version !== 1 || !count(s.count) || !count(s.stuck)) return null;
  if (!Number.isSafeInteger(s.pid) || s.pid < 1 || s.pid > 2147483647) return null;
  return s.oldestSince === null || count(s.oldestSince) ? s : null;
}

/** The segment for a valid status at `now`, or '' when there is nothing to show. */
function segmentFor(status, now, isAlive) {
  if (status === null || status.count === 0 || !isAlive(status.pid)) return '';
  const oldest = status.oldestSince === null ? '' : ' ' + age(now - status.oldestSince);
  const stuck = status.stuck > 0 ? ' ⚠' + status.stuck : '';
  return '⏳' + status.count + oldest + stuck;
}

async function main() {
  const fs = await builtin('node:fs');
  const path = await builtin('node:path');
  const os = await builtin('node:os');
  let status;
  try {
    status = parseStatus(fs.readFileSync(path.join(homeDir(process.env, process.platform, path, os), 'queue-status.json'), 'utf8'));
  } catch {
    return;
  }
  const text = segmentFor(status, Date.now(), alive);
  if (text !== '') process.stdout.write(text + '\n');
}

try {
  await main();
} catch {
  // Nothing on stdout, exit 0: a status line never shows an error.
}
process.exitCode = 0;
