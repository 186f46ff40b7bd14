#!/usr/bin/env node
// Launcher for the `trailboss` command. Installed from npm it runs the bundled CLI (dist/cli) in this
// very process: one Node, no TypeScript loader. In a clone (main/ present) it runs the sources
// through tsx, also in-process. Kept to syntax that old Node versions parse, so that one too old
// to run Trail Boss reaches the one-line message below instead of a syntax error or a crash.

// Built-ins come from process.getBuiltinModule where Node has it (22.3+), not from ES module imports:
// importing node:fs or node:module makes Node build a facade that reads every export (fs.promises,
// the watchers, the source-map support...), several ms of CPU on every command before any work.
const builtin = (name) => (typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule(name) : import(name));
const { existsSync, readFileSync } = await builtin('node:fs');
const { join } = await builtin('node:path');

// better-sqlite3 13 (the database) and commander 15 (the command line) need Node 22.12 or newer;
// older Node crashes inside the native addon instead of failing cleanly. Keep in step with "engines".
const NEEDED = [22, 12];

// import.meta.dirname is Node 20.11+; older Node (which only gets the message below) takes the long way.
const here = import.meta.dirname || (await import('node:url')).fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');

// Node 22.1+ keeps the compiled bundle on disk between runs: every command after the first starts
// without compiling the CLI again. In the user's own cache directory: Node's default, one directory in
// the shared temp dir, is writable only by whoever created it first, and another user of the machine
// could plant compiled code there. Older Node has no such function and skips this; a directory that
// cannot be created costs only the speed-up (Node then returns a status, it does not throw).
// Turned on just before loading code; printing the prebuilt help loads none.
async function turnOnCompileCache() {
  const nodeModule = await builtin('node:module');
  if (typeof nodeModule.enableCompileCache !== 'function') return;
  const { homedir } = await builtin('node:os');
  nodeModule.enableCompileCache(compileCacheDir(process.env, process.platform, homedir()));
}

// `trailboss hook <Event>` may run on every Claude Code tool call: it must exit within ~50 ms when no
// engine runs, so it runs the plain-JS forwarder (any Node >= 18) and nothing else.
if (process.argv[2] === 'hook') {
  process.argv.splice(2, 1);
  await turnOnCompileCache();
  await import('./trailboss-hook.mjs');
} else if (process.argv[2] === 'tmux-status') {
  // The status segment on Node, for scripts and segments installed by earlier versions (tmux now runs
  // bin/trailboss-tmux-status.sh): one small file read, no CLI (any Node >= 18).
  await import('./trailboss-tmux-status.mjs');
} else if (!newEnough(process.versions.node)) {
  await tooOld();
} else if (existsSync(join(root, 'main', 'cli', 'main.ts')) && existsSync(join(root, 'node_modules', 'tsx'))) {
  await turnOnCompileCache();
  const { register } = await import('tsx/esm/api');
  // The repository's tsconfig wherever the command runs from (tsx would look in the cwd): JSX in the terminal UI needs it.
  register({ tsconfig: join(root, 'tsconfig.json') });
  const { pathToFileURL } = await import('node:url');
  await import(pathToFileURL(join(root, 'main', 'cli', 'main.ts')).href);
} else if (existsSync(join(root, 'dist', 'cli', 'trailboss.mjs'))) {
  if (!printedPrebuiltHelp()) {
    await turnOnCompileCache();
    await import('../dist/cli/trailboss.mjs');
  }
} else {
  process.stderr.write('trailboss: the CLI is not built in ' + root + ' (run `npm run build:cli`)\n');
  process.exitCode = 2;
}

// `trailboss --help` exactly as commander prints it, rendered when the package was built
// (scripts/prebuilt-help.mjs) for the widths where the text cannot differ: 80 columns (commander's
// width for a pipe or a file) and terminals at least as wide as its longest line. Printing it skips
// loading the CLI and building its command tree; any other width, or no such file, runs the CLI.
function printedPrebuiltHelp() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || (args[0] !== '--help' && args[0] !== '-h')) return false;
  let help;
  try {
    help = JSON.parse(readFileSync(join(root, 'dist', 'cli', 'help.json'), 'utf8'));
  } catch {
    return false;
  }
  const width = process.stdout.isTTY ? process.stdout.columns : 80;
  const text = width === 80 ? help.at80 : width >= help.wideFrom && width <= help.wideTo ? help.wide : undefined;
  if (typeof text !== 'string') return false;
  process.stdout.write(text);
  return true;
}

function compileCacheDir(env, platform, home) {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'trailboss', 'compile-cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'trailboss', 'compile-cache');
  // XDG: a relative XDG_CACHE_HOME is invalid and must be ignored.
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'trailboss', 'compile-cache');
}

function newEnough(version) {
  const parts = version.split('.').map(Number);
  return parts[0] > NEEDED[0] || (parts[0] === NEEDED[0] && parts[1] >= NEEDED[1]);
}

// A clone carries a pinned Node (devDependency "node") and uses it whatever `node` started this file;
// an installed package has none and says, in one line, what the user needs.
async function tooOld() {
  const pinned = join(root, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(pinned) || process.env.TRAILBOSS_NODE === pinned) {
    process.stderr.write(
      'trailboss: needs Node.js ' +
        NEEDED.join('.') +
        ' or newer, but this is Node.js ' +
        process.version +
        ' (' +
        process.execPath +
        ')\n',
    );
    process.exit(2);
  }
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const child = spawn(pinned, [fileURLToPath(import.meta.url)].concat(process.argv.slice(2)), {
    stdio: 'inherit',
    // The child watches this pid (main/cli/parent-watch.ts where present): if we are SIGKILLed, it stops by itself.
    env: Object.assign({}, process.env, { TRAILBOSS_NODE: pinned, TRAILBOSS_LAUNCHER_PID: String(process.pid) }),
  });
  // A supervisor's SIGTERM (or Ctrl-C) goes to the real CLI: `daemon` then shuts down cleanly and
  // releases its lock instead of living on as an orphan.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write('trailboss: could not start ' + pinned + ': ' + error.message + '\n');
    process.exit(2);
  });
  child.on('exit', (code, signal) => process.exit(code === null ? (signal ? 1 : 0) : code));
}
