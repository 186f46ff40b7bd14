/**
 * `trailboss tmux-status` when the CLI itself is asked (the bundled CLI run directly): the launcher
 * bin/trailboss.mjs answers it before any CLI code with bin/trailboss-tmux-status.mjs. Here the sh
 * segment (bin/trailboss-tmux-status.sh, which prints exactly the same) runs for this context's home,
 * so the logic lives in those two files only. Prints nothing on any failure and exits 0, like them.
 */
import { currentLayout } from '../../engine/api/hooks-service.ts';
import { runtimeFiles } from '../../engine/hooks/runtime-layout.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { realRunner } from '../../engine/platform/run.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';

/** Run `trailboss tmux-status`. */
export async function tmuxStatusCommand(ctx: CliContext): Promise<number> {
  try {
    const home = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd }).home;
    const run = await realRunner.run('/bin/sh', [runtimeFiles(currentLayout()).statusScript, home], { timeoutMs: 5_000 });
    if (run.exitCode === 0) ctx.stdout(run.stdout);
  } catch {
    // Nothing printed: a status line never shows an error.
  }
  return EXIT.ok;
}
