/** Run a snapshot CLI command in-process with captured output and an explicit environment (never the real $HOME). */
import type { CliContext } from '../../../../main/cli/context.ts';
import type { Clock } from '../../../../main/engine/platform/clock.ts';
import { systemClock } from '../../../../main/engine/platform/clock.ts';

/** Output and exit code of one command run. */
export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Call `command` with `argv` in `cwd`; `home` is HOME, TRAILBOSS_HOME lives under it. */
export async function runCommand(
  command: (ctx: CliContext) => Promise<number>,
  argv: readonly string[],
  opts: { home: string; cwd?: string; env?: Record<string, string | undefined>; clock?: Clock },
): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const ctx: CliContext = {
    argv,
    env: { HOME: opts.home, TRAILBOSS_HOME: `${opts.home}/tb`, PATH: process.env.PATH, ...opts.env },
    cwd: opts.cwd ?? opts.home,
    platform: process.platform,
    homedir: opts.home,
    clock: opts.clock ?? systemClock,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stdin: async () => '',
    stopSignal: new AbortController().signal,
  };
  const code = await command(ctx);
  return { code, stdout, stderr };
}
