/**
 * Doctor check: Claude Code hooks installed, and when their events last arrived (optional: advice
 * only), except hooks left pointing into an AppImage mount that is gone: a problem.
 */
import { existsSync } from 'node:fs';
import { hooksStatus } from '../../../engine/hooks/install.ts';
import { installerDeps, storeArrivals } from '../../commands/hooks.ts';
import { LASTING_INSTALL_HINT, goneMountProblem } from '../../../engine/hooks/appimage-mount.ts';
import { advice, ok, problem, type DoctorCheck } from '../check.ts';

export const hooksCheck: DoctorCheck = {
  id: 'claude-hooks',
  title: 'Claude hooks',
  async run({ ctx }) {
    const status = hooksStatus(installerDeps(ctx, storeArrivals(ctx) ?? {}));
    const last = status.lastHookAt === null ? 'no event received yet' : `last event ${new Date(status.lastHookAt).toISOString()}`;
    // Installed from an AppImage that has quit since: Claude runs a missing file at every event.
    const gone = goneMountProblem(
      status.details.map((d) => d.command),
      existsSync,
    );
    if (gone !== null) return problem(`${status.settingsPath}: ${gone}`, LASTING_INSTALL_HINT);
    if (status.problem) return advice(`${status.settingsPath}: ${status.problem}`, `fix that file, then run \`trailboss hooks install\``);
    switch (status.state) {
      case 'installed':
        return ok(`installed in ${status.settingsPath}; ${last}`);
      case 'partial':
        return advice(
          `partly installed or outdated in ${status.settingsPath} (missing: ${status.missing.join(', ')}); ${last}`,
          'trailboss hooks install',
        );
      case 'absent':
        return advice(
          `not installed (optional: Claude then reports prompts and turns the moment they happen, not only what its screen shows)`,
          'trailboss hooks install',
        );
    }
  },
};
