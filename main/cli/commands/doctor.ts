/** `trailboss doctor [--json]`: checks what Trail Boss needs and says how to fix each problem; exit 1 on problems, 0 otherwise. */
import { packageRoot } from '../../engine/platform/package-root.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { runnerWithEnv } from '../../engine/platform/runner-with-env.ts';
import { setUpTmux } from '../../engine/tmux/locate.ts';
import type { CliContext } from '../context.ts';
import { DOCTOR_CHECKS } from '../doctor/checks/index.ts';
import { doctorExitCode, formatDoctorJson, formatDoctorText } from '../doctor/report.ts';
import { runChecks } from '../doctor/run-checks.ts';
import { parseCommandLine, read } from '../program.ts';
import { cliVersion } from '../version.ts';

/** Run every check and print the report. */
export async function doctorCommand(ctx: CliContext): Promise<number> {
  const args = parseCommandLine('doctor', ctx.argv);
  const paths = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  // tmux runs with the CLI's PATH and TMUX_TMPDIR, never inside the caller's tmux session.
  const base = runnerWithEnv(realRunner, {
    PATH: ctx.env['PATH'],
    TMUX_TMPDIR: ctx.env['TMUX_TMPDIR'],
    TMUX: undefined,
    TMUX_PANE: undefined,
  });
  // tmux is found as the desktop app finds it, so doctor and the app agree on which tmux (or none).
  const { binary, runner } = await setUpTmux({
    env: ctx.env,
    platform: ctx.platform,
    homedir: ctx.homedir,
    configFile: paths.config,
    runner: base,
  });
  const results = await runChecks(DOCTOR_CHECKS, {
    ctx,
    paths,
    runner,
    root: packageRoot(),
    sockets: read.list(args, 'tmuxSocket'),
    tmux: binary,
  });
  const version = `${cliVersion()}, Node.js ${process.version}`;
  ctx.stdout(read.bool(args, 'json') ? formatDoctorJson(results, cliVersion()) : formatDoctorText(results, version));
  return doctorExitCode(results);
}
