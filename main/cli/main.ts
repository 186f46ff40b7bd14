/** Entry point of the `trailboss` command: wires the real process to the injected CLI context. */
import { homedir } from 'node:os';
import { createInterface } from 'node:readline';
import { systemClock } from '../engine/platform/clock.ts';
import { escapeForTerminal } from '../engine/text/clean-text.ts';
import { runCli } from './run-cli.ts';

// Defence in depth: whatever a command prints to a terminal cannot drive it (the CLI itself writes no
// escape sequences). Output to a pipe or file is left exact for scripts; its texts were cleaned at ingest.
const toTerminal = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(stream.isTTY ? escapeForTerminal(text) : text);

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

const code = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  platform: process.platform,
  homedir: homedir(),
  clock: systemClock,
  stdout: toTerminal(process.stdout),
  stderr: toTerminal(process.stderr),
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  stdinLine: () =>
    new Promise((done) => {
      const lines = createInterface({ input: process.stdin, terminal: false });
      lines.once('line', (line) => {
        lines.close();
        done(line);
      });
      lines.once('close', () => done(null));
    }),
  stopSignal: controller.signal,
});
process.exitCode = code;
