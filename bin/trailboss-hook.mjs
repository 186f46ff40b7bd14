#!/usr/bin/env node
// Agent hook forwarder: `trailboss-hook.mjs [--endpoint <file> | --socket <path>] [--runtime codex|gemini|qwen|copilot] <Event>`
// (Claude Code by default; Codex CLI 0.169+, Gemini CLI, Qwen Code and Copilot CLI hooks with `--runtime <id>`, posted to /hooks/<id>).
// `--socket`: on a remote host, the Unix socket the engine's ssh connection forwards there; it
// accepts only hook ingest and needs no token (none ever leaves the desktop), and it exists only
// while the connection does (a file a dropped connection left refuses the connect: we exit then).
// Reads the hook payload from stdin, wraps it with what only this process can see (tmux pane and
// socket, parent pid), and posts it to the running Trail Boss engine with the install token.
// It must never break or slow Claude Code: it prints nothing and exits 0 in every case — no engine,
// no endpoint file, connection refused, slow engine (300 ms request cap). Plain JS, built-ins only,
// any Node >= 18, so it starts fast. Envelope fields: see main/engine/hooks/hook-envelope.ts;
// endpoint file fields: main/engine/http/endpoint-info.ts.
// Built-ins from process.getBuiltinModule where Node has it (20.16+, 22.3+): an ES module import of
// node:fs makes Node build a facade that reads every export (fs.promises, the watchers...), a few ms
// of CPU on every hook. Older Node takes the import.
const builtin = (name) => (typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule(name) : import(name));
const { readFileSync, statSync } = await builtin('node:fs');
const { homedir } = await builtin('node:os');
const { join } = await builtin('node:path');

// The engine answers before doing any work, so 300 ms from connect to answer means it is stuck.
const REQUEST_TIMEOUT_MS = 300;
// Backstop for everything else (stdin never closed, a machine so loaded that startup crawls):
// generous, because giving up drops the event, and still far below Claude's hook timeout.
const BACKSTOP_MS = 3000;
const MAX_STDIN_BYTES = 4 * 1024 * 1024;

const done = () => process.exit(0);
process.on('uncaughtException', done);
process.on('unhandledRejection', done);
setTimeout(done, BACKSTOP_MS);

function parseArgs(argv) {
  let endpoint = null;
  let event = null;
  let runtime = null;
  let socket = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--endpoint') endpoint = argv[++i] ?? null;
    else if (argv[i] === '--socket') socket = argv[++i] ?? null;
    else if (argv[i] === '--runtime') runtime = argv[++i] ?? null;
    else if (event === null) event = argv[i];
  }
  return { endpoint, event, runtime, socket };
}

// The forwarded socket: only a socket file counts (no engine connected: usually no file at all).
function socketTarget(path, runtime) {
  if (!path || !statSync(path).isSocket()) return null;
  return { socketPath: path, path: RUNTIME_PATHS[runtime] ?? '/hooks/claude', token: null };
}

function endpointPath(explicit, env) {
  if (explicit) return explicit;
  if (env.TRAILBOSS_ENDPOINT) return env.TRAILBOSS_ENDPOINT;
  if (env.TRAILBOSS_HOME) return join(env.TRAILBOSS_HOME, 'endpoint.json');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Trail Boss', 'endpoint.json');
  const xdg = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(xdg, 'trailboss', 'endpoint.json');
}

// Runtimes with their own ingest route; anything else goes to the endpoint file's (Claude's) path.
const RUNTIME_PATHS = { codex: '/hooks/codex', gemini: '/hooks/gemini', qwen: '/hooks/qwen', copilot: '/hooks/copilot' };

function readEndpoint(file, runtime) {
  const info = JSON.parse(readFileSync(file, 'utf8'));
  // Only ever talk to loopback, whatever the file says: the token must not travel anywhere else.
  if (info.version !== 1 || info.host !== '127.0.0.1' || !Number.isInteger(info.port)) return null;
  const token = readFileSync(info.tokenFile, 'utf8').trim();
  const path = RUNTIME_PATHS[runtime] ?? (typeof info.hookPath === 'string' ? info.hookPath : '/hooks/claude');
  // Both go into request headers verbatim: printable ASCII only, so nothing can be injected.
  if (!/^[\x21-\x7e]+$/.test(token) || !/^\/[\x21-\x7e]*$/.test(path)) return null;
  return { port: info.port, path, token };
}

function readStdin() {
  return new Promise((resolve) => {
    if (process.stdin.isTTY) return resolve('');
    const chunks = [];
    let size = 0;
    process.stdin.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_STDIN_BYTES) chunks.push(chunk);
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', () => resolve(''));
  });
}

async function main() {
  const { endpoint, event, runtime, socket } = parseArgs(process.argv.slice(2));
  let target;
  try {
    target = socket !== null ? socketTarget(socket, runtime) : readEndpoint(endpointPath(endpoint, process.env), runtime);
  } catch {
    target = null;
  }
  // No engine: leave at once, without even touching stdin (setting up the stdin stream is the
  // slowest part of startup). Claude tolerates hooks that never read their input — most do not.
  if (target === null) return done();
  const text = await readStdin();
  let payload;
  try {
    payload = JSON.parse(text);
  } catch {
    payload = text; // The engine refuses and counts it: visible in `hooks status`, silent here.
  }
  const tmux = process.env.TMUX;
  const body = JSON.stringify({
    v: 1,
    event,
    tmuxPane: process.env.TMUX_PANE || null,
    tmuxSocket: tmux ? tmux.split(',')[0] || null : null,
    ppid: process.ppid > 0 ? process.ppid : null,
    payload,
  });
  // A raw HTTP/1.1 request over node:net, which reading stdin from a pipe has already loaded;
  // importing node:http would cost more startup than everything else here together.
  const { connect } = await builtin('node:net');
  const conn = target.socketPath ? connect({ path: target.socketPath }) : connect({ host: '127.0.0.1', port: target.port });
  conn.setTimeout(REQUEST_TIMEOUT_MS, done);
  conn.on('error', done);
  // The engine answers only after reading the whole body: the first response bytes mean delivered.
  conn.on('data', done);
  conn.on('close', done);
  conn.on('connect', () => {
    const head = target.socketPath
      ? `POST ${target.path} HTTP/1.1\r\nHost: localhost\r\n`
      : `POST ${target.path} HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\nAuthorization: Bearer ${target.token}\r\n`;
    conn.write(`${head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`);
    conn.write(body);
  });
}

main().catch(done);
