/**
 * Doctor check: Codex hooks (optional: advice only). A user without Codex (no Codex home) is told nothing
 * is needed, so the advice only reaches those who run it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { codexHooksFile } from '../../../engine/hooks/codex-hooks.ts';
import { hooksStatus } from '../../../engine/hooks/install.ts';
import { installerDeps } from '../../commands/hooks.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';

const FIX = 'trailboss hooks install --runtime codex (then choose "Trust all and continue" at Codex\'s next start)';

export const codexHooksCheck: DoctorCheck = {
  id: 'codex-hooks',
  title: 'Codex hooks',
  async run({ ctx }) {
    const file = codexHooksFile({ env: ctx.env, homedir: ctx.homedir });
    if (!existsSync(path.dirname(file))) return ok(`Codex is not set up for this user (no ${path.dirname(file)}): nothing to install`);
    const status = hooksStatus(installerDeps(ctx, {}, 'codex'));
    if (status.problem) return advice(`${status.settingsPath}: ${status.problem}`, `fix that file, then run ${FIX}`);
    switch (status.state) {
      case 'installed':
        return ok(`installed in ${status.settingsPath}`);
      case 'partial':
        return advice(`partly installed or outdated in ${status.settingsPath} (missing: ${status.missing.join(', ')})`, FIX);
      case 'absent':
        return advice('not installed (optional: Codex then reports a permission request before it draws the prompt)', FIX);
    }
  },
};
