/** Entry point of the `trailboss` command: wires the real process to the injected CLI context. */
import { homedir } from 'node:os';
import { systemClock } from '../engine/platform/clock.ts';
import { escapeForTerminal } from '../engine/text/clean-text.ts';
import { runCli } from './run-cli.ts';
import { readAll, readLine } from './stdin-read.ts';

// Defence in depth: whatever a command prints to a terminal cannot drive it (the CLI itself writes no
// escape sequences). Output to a pipe or file is left exact for scripts; its texts were cleaned at ingest.
const toTerminal = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(stream.isTTY ? escapeForTerminal(text) : text);

const controller = new AbortController();
const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
// The first signal asks the command to stop (it cleans up: the terminal UI restores the terminal); a
// second one means it did not, and the process ends at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(SIGNAL_CODES[signal]);
    controller.abort();
  });
}

const code = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  platform: process.platform,
  homedir: homedir(),
  clock: systemClock,
  stdout: toTerminal(process.stdout),
  stderr: toTerminal(process.stderr),
  stdin: () => readAll(process.stdin),
  stdinLine: () => readLine(process.stdin),
  stopSignal: controller.signal,
});
process.exitCode = code;
// A command has returned: it is done. Whatever handle it left open (an event stream reconnecting, a
// terminal whose tmux server died) must not keep a finished process alive; output is flushed first.
setTimeout(() => process.exit(code), 1000).unref();
