/**
 * Every process that talks to tmux (the desktop app, `trailboss daemon`, the one-shot `status`
 * scan, `trailboss jump`) starts by finding tmux once and wrapping its runner so plain `tmux`
 * means that binary. A missing tmux still yields a runner: the calls then fail as
 * `not-installed`, and the caller shows `binary` to the user.
 */
import { loadConfig } from '../config/index.ts';
import type { Runner, Spawner } from '../platform/run.ts';
import { runnerWithTmux } from '../platform/runner-with-tmux.ts';
import type { TmuxBinary } from '../platform/tmux-binary.ts';
import { locateTmux } from '../platform/tmux-binary.ts';

/** What finding tmux needs. */
export interface TmuxSetupInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
  /** The config file (its `tmux.path`; a bad file counts as unset, the engine reports it). */
  readonly configFile: string;
  readonly runner: Runner & Spawner;
  readonly isExecutable?: (file: string) => boolean;
  readonly loginShellTimeoutMs?: number;
}

/** The tmux found (or what was searched) and the runner to give the engine. */
export interface TmuxSetup {
  readonly binary: TmuxBinary;
  readonly runner: Runner & Spawner;
}

/** Finds tmux and wraps the runner. */
export async function setUpTmux(input: TmuxSetupInput): Promise<TmuxSetup> {
  const loaded = loadConfig(input.configFile);
  const configured = loaded.ok ? loaded.config.tmux.path : null;
  const binary = await locateTmux({ ...input, configured });
  return { binary, runner: binary.kind === 'found' ? runnerWithTmux(input.runner, binary.path) : input.runner };
}
