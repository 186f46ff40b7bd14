/** An in-process CLI context for tests: captured stdout/stderr, a temp TRAILBOSS_HOME, the real clock. */
import { systemClock } from '../../main/engine/platform/clock.ts';
import type { CliContext } from '../../main/cli/context.ts';
import { runCli } from '../../main/cli/run-cli.ts';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run `trailboss <argv>` in-process with the given home and env. */
export async function cli(
  argv: readonly string[],
  opts: { home: string; env?: Record<string, string>; stdin?: string; signal?: AbortSignal; onStdout?: (text: string) => void },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const ctx: CliContext = {
    argv,
    env: { TRAILBOSS_HOME: opts.home, HOME: opts.home, PATH: process.env.PATH, ...opts.env },
    cwd: opts.home,
    platform: process.platform,
    homedir: opts.home,
    clock: systemClock,
    stdout: (t) => {
      stdout += t;
      opts.onStdout?.(stdout);
    },
    stderr: (t) => void (stderr += t),
    stdin: async () => opts.stdin ?? '',
    stopSignal: opts.signal ?? new AbortController().signal,
  };
  const code = await runCli(ctx);
  return { code, stdout, stderr };
}
