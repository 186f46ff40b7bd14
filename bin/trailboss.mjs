#!/usr/bin/env node
// Launcher for the `trailboss` CLI. Whatever `node` ran this file (maybe an old one from a plain
// shell), the CLI runs on the project's pinned Node 24: better-sqlite3 13 and the engine need it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// `trailboss hook <Event>` may run on every Claude Code tool call: it must exit within ~50 ms when no
// engine runs, so it skips the TypeScript CLI and runs the plain-JS forwarder in this very process.
if (process.argv[2] === 'hook') {
  process.argv.splice(2, 1);
  await import('./trailboss-hook.mjs');
} else {
  runCli();
}

function runCli() {
  const entry = join(root, 'main', 'cli', 'main.ts');
  const pinnedNode = [join(root, 'node_modules', 'node', 'bin', 'node'), join(root, 'node_modules', '.bin', 'node')].find((p) => existsSync(p));
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 24 && !pinnedNode) {
    process.stderr.write(`trailboss: needs Node 24 (found ${process.version}); run \`npm install\` in ${root}\n`);
    process.exit(2);
  }
  const nodeBin = major === 24 || !pinnedNode ? process.execPath : pinnedNode;
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const child = spawn(nodeBin, ['--no-warnings', '--import', tsx, entry, ...process.argv.slice(2)], {
    stdio: 'inherit',
    // The child watches this pid: if we are SIGKILLed (nothing to forward), it stops by itself.
    env: { ...process.env, TRAILBOSS_NODE: nodeBin, TRAILBOSS_LAUNCHER_PID: String(process.pid) },
  });
  // A supervisor's SIGTERM (or Ctrl-C) goes to the real CLI: `daemon` then shuts down cleanly and
  // releases its lock instead of living on as an orphan.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`trailboss: could not start ${nodeBin}: ${error.message}\n`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
