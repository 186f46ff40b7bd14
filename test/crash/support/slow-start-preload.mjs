// A stand-in for an engine part-way through start-up, for daemon-process.test.ts: loaded with
// `--import` before the CLI, it starts a helper child (as the engine starts tmux clients) and holds
// the start back, so the launcher has a child and has not said "running" for a good while.
import { spawn } from 'node:child_process';

spawn('sleep', ['120'], { stdio: 'ignore' });
await new Promise((resolve) => setTimeout(resolve, 60_000));
