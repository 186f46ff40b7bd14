/**
 * The program `hooks install|uninstall|status --host` runs on the host, over ssh: a small Node
 * script (Node must be there anyway for the forwarder, as it is wherever Claude Code was installed
 * with npm) that reads a JSON request on stdin and answers JSON on stdout. `inspect` reports
 * Claude's settings file and our backups beside it, the forwarder and the forwarded socket;
 * `apply` makes the directories and writes (atomically: temp file, fsync, rename) and removes the
 * files the install staged. Built-ins only; every path it touches comes from the request or from
 * the host's own `$HOME` / `$CLAUDE_CONFIG_DIR`.
 */
import { REMOTE_DIR_NAME, REMOTE_FORWARDER, REMOTE_SOCKET } from './remote-hook-paths.ts';

/** Exit code of the wrapper when no usable Node is found on the host. */
export const NO_NODE_EXIT = 97;

/**
 * `sh -c` wrapper: `$1` an explicit node (`--node`; may be empty), `$2` the script. Looks for
 * node on the PATH of the ssh session, then on a login shell's PATH (nvm and friends set it up
 * there), and runs the script with it; the node found is passed on as TB_NODE (the hook command
 * uses that path, so hooks never depend on PATH).
 */
export const FIND_NODE_SH = [
  'n="$1"',
  '[ -n "$n" ] || n=$(command -v node 2>/dev/null)',
  `[ -n "$n" ] || n=$("\${SHELL:-/bin/sh}" -lc 'command -v node' </dev/null 2>/dev/null | tail -n 1)`,
  `case "$n" in /*) [ -x "$n" ] ;; *) false ;; esac || { echo "no node found on this host (on PATH or a login shell's PATH)" >&2; exit ${NO_NODE_EXIT}; }`,
  'TB_NODE="$n" exec "$n" -e "$2"',
].join('\n');

/** The script (`node -e`). */
export const REMOTE_HOOKS_JS = `
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const crypto = require('node:crypto');
const out = (v) => process.stdout.write(JSON.stringify(v));
const read = (f) => { try { return fs.readFileSync(f, 'utf8'); } catch (e) { if (e.code === 'ENOENT') return null; throw e; } };
const isSocket = (f) => { try { return fs.statSync(f).isSocket(); } catch { return false; } };
function writeAtomic(file, text, mode) {
  const tmp = file + '.' + process.pid + '.' + crypto.randomBytes(6).toString('hex') + '.tmp';
  const fd = fs.openSync(tmp, 'wx', mode);
  try { fs.fchmodSync(fd, mode); fs.writeFileSync(fd, text); fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
  try { fs.renameSync(tmp, file); } catch (e) { fs.rmSync(tmp, { force: true }); throw e; }
}
function probe(sock) {
  return new Promise((resolve) => {
    if (!isSocket(sock)) return resolve('absent');
    const c = net.connect({ path: sock });
    const end = (v) => { c.destroy(); resolve(v); };
    c.setTimeout(1000, () => end('silent'));
    c.on('connect', () => end('listening'));
    c.on('error', () => end('refused'));
  });
}
async function inspect() {
  const home = process.env.HOME || require('node:os').homedir();
  const cfg = (process.env.CLAUDE_CONFIG_DIR || '').trim();
  const configDir = cfg ? path.resolve(home, cfg) : path.join(home, '.claude');
  const settingsPath = path.join(configDir, 'settings.json');
  let realSettings = settingsPath;
  try { realSettings = fs.realpathSync(settingsPath); } catch {}
  let names = [];
  try { names = fs.readdirSync(configDir); } catch {}
  const files = {};
  for (const n of names) if (n.startsWith('settings.json')) { try { files[n] = read(path.join(configDir, n)); } catch {} }
  const dir = path.join(home, ${JSON.stringify(REMOTE_DIR_NAME)});
  const forwarder = path.join(dir, ${JSON.stringify(REMOTE_FORWARDER)});
  const socket = path.join(dir, ${JSON.stringify(REMOTE_SOCKET)});
  let settingsMode = null;
  try { settingsMode = fs.statSync(realSettings).mode & 0o777; } catch {}
  out({
    home, configDir, settingsPath, realSettings, settingsMode, names, files,
    dir, forwarder, forwarderText: read(forwarder), socket, socketState: await probe(socket),
    node: process.env.TB_NODE || process.execPath, nodeVersion: process.versions.node,
  });
}
function apply(ops) {
  for (const op of ops) {
    if (op.kind === 'mkdir') { fs.mkdirSync(op.path, { recursive: true, mode: op.mode }); if (op.chmod) fs.chmodSync(op.path, op.mode); }
    else if (op.kind === 'rmdir') { try { fs.rmdirSync(op.path); } catch (e) { if (e.code !== 'ENOENT' && e.code !== 'ENOTEMPTY') throw e; } }
    else if (op.kind === 'write') writeAtomic(op.path, op.text, op.mode);
    else if (op.kind === 'unlink') fs.rmSync(op.path, { force: true });
    else throw new Error('unknown op ' + op.kind);
  }
  out({ ok: true });
}
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  Promise.resolve().then(() => {
    const req = JSON.parse(input);
    if (req.op === 'inspect') return inspect();
    if (req.op === 'apply') return apply(req.ops);
    throw new Error('unknown request ' + req.op);
  }).catch((e) => { process.stderr.write(String(e && e.message || e) + '\\n'); process.exit(1); });
});
`;
