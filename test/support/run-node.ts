// Runs a script on the pinned Node as an agent would run our forwarders: a clean environment, optional
// stdin, everything it printed and how long it took.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The pinned Node (the `node@24` devDependency), never whatever `node` is on PATH. */
export const PINNED_NODE = resolve(import.meta.dirname, '../../node_modules/node/bin/node');

/** What a finished run printed, its exit code, pid and wall time. */
export interface NodeRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly pid: number;
}

/** Run `node <args>` with only `PATH=/usr/bin:/bin` plus `env` (never the real HOME), `stdin` piped in and closed. */
export function runNode(args: readonly string[], opts: { env?: Record<string, string>; stdin?: string } = {}): Promise<NodeRun> {
  return runProgram(PINNED_NODE, args, opts);
}

/** Run any program the same way (`cwd` optional): what it printed, its exit code and wall time. */
export function runProgram(
  file: string,
  args: readonly string[],
  opts: { env?: Record<string, string>; stdin?: string; cwd?: string } = {},
): Promise<NodeRun> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(file, [...args], { env: { PATH: '/usr/bin:/bin', ...opts.env }, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    // A program that exits without reading its input (the sh status segment) closes the pipe: not an error.
    child.stdin.on('error', () => {});
    child.on('close', (code) => done({ code, stdout, stderr, ms: performance.now() - started, pid: child.pid ?? 0 }));
    child.stdin.end(opts.stdin ?? '');
  });
}
