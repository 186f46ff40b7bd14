/** The shape of one `trailboss doctor` check: a small module that looks at one thing and says how to fix it. */
import type { TrailbossPaths } from '../../engine/platform/paths.ts';
import type { Runner, Spawner } from '../../engine/platform/run.ts';
import type { TmuxBinary } from '../../engine/platform/tmux-binary.ts';
import type { CliContext } from '../context.ts';

/** ok: fine; problem: keeps Trail Boss from working (doctor exits non-zero); advice: optional, or not there yet. */
export type CheckStatus = 'ok' | 'problem' | 'advice';

/** What a check found. `fix` says what to do (a command or a step); null when there is nothing to do. */
export interface CheckFinding {
  readonly status: CheckStatus;
  readonly detail: string;
  readonly fix: string | null;
}

/** A finding with the check that made it. */
export interface CheckResult extends CheckFinding {
  readonly id: string;
  readonly title: string;
}

/** What every check may look at: the CLI context, Trail Boss's paths, a runner with the CLI's PATH, the package root. */
export interface DoctorEnv {
  readonly ctx: CliContext;
  readonly paths: TrailbossPaths;
  readonly runner: Runner & Spawner;
  readonly root: string;
  /** tmux sockets named with --tmux-socket (replace the default server, as in `status`). */
  readonly sockets: readonly string[];
  /** tmux as the desktop app finds it (platform/tmux-binary.ts); `runner` starts this one for plain `tmux`. */
  readonly tmux: TmuxBinary;
}

/** One check. Add a new one as checks/<id>.ts and list it in checks/index.ts. */
export interface DoctorCheck {
  readonly id: string;
  readonly title: string;
  run(env: DoctorEnv): Promise<CheckFinding>;
}

/** Shorthands for findings. */
export const ok = (detail: string): CheckFinding => ({ status: 'ok', detail, fix: null });
export const problem = (detail: string, fix: string): CheckFinding => ({ status: 'problem', detail, fix });
export const advice = (detail: string, fix: string | null): CheckFinding => ({ status: 'advice', detail, fix });
