/**
 * Doctor checks: Gemini CLI, Qwen Code and Copilot CLI hooks (optional: advice only). A user without that agent
 * (no `~/.gemini`, `~/.qwen`, `~/.copilot`) is told nothing is needed, so the advice only reaches those who run it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { copilotHooksFile, copilotHooksStatus } from '../../../engine/hooks/copilot-hooks.ts';
import { geminiSettingsFile } from '../../../engine/hooks/gemini-hooks.ts';
import { hooksStatus } from '../../../engine/hooks/install.ts';
import { qwenSettingsFile } from '../../../engine/hooks/qwen-hooks.ts';
import { copilotDeps } from '../../commands/hooks-copilot.ts';
import { installerDeps } from '../../commands/hooks.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';

const WHY = 'optional: the agent then reports a permission request and the end of a turn as they happen';

/** Gemini CLI or Qwen Code: hooks merged into the agent's settings.json. */
function settingsHooksCheck(runtime: 'gemini' | 'qwen', title: string, agentName: string): DoctorCheck {
  const FIX = `trailboss hooks install --runtime ${runtime}`;
  return {
    id: `${runtime}-hooks`,
    title,
    async run({ ctx }) {
      const where = { env: ctx.env, homedir: ctx.homedir };
      const file = runtime === 'gemini' ? geminiSettingsFile(where) : qwenSettingsFile(where);
      if (!existsSync(path.dirname(file)))
        return ok(`${agentName} is not set up for this user (no ${path.dirname(file)}): nothing to install`);
      const status = hooksStatus(installerDeps(ctx, {}, runtime));
      if (status.problem) return advice(`${status.settingsPath}: ${status.problem}`, `fix that file, then run ${FIX}`);
      switch (status.state) {
        case 'installed':
          return ok(`installed in ${status.settingsPath}`);
        case 'partial':
          return advice(`partly installed or outdated in ${status.settingsPath} (missing: ${status.missing.join(', ')})`, FIX);
        case 'absent':
          return advice(`not installed (${WHY})`, FIX);
      }
    },
  };
}

export const geminiHooksCheck = settingsHooksCheck('gemini', 'Gemini CLI hooks', 'Gemini CLI');
export const qwenHooksCheck = settingsHooksCheck('qwen', 'Qwen Code hooks', 'Qwen Code');

/** Copilot CLI: our own file in its hooks directory. */
export const copilotHooksCheck: DoctorCheck = {
  id: 'copilot-hooks',
  title: 'Copilot CLI hooks',
  async run({ ctx }) {
    const FIX = 'trailboss hooks install --runtime copilot';
    const home = path.dirname(path.dirname(copilotHooksFile({ env: ctx.env, homedir: ctx.homedir })));
    if (!existsSync(home)) return ok(`Copilot CLI is not set up for this user (no ${home}): nothing to install`);
    const status = copilotHooksStatus(copilotDeps(ctx));
    switch (status.state) {
      case 'installed':
        return ok(`installed in ${status.settingsPath}`);
      case 'outdated':
        return advice(`outdated in ${status.settingsPath}`, FIX);
      case 'foreign':
        return advice(`${status.settingsPath} is not Trail Boss's file`, `move it away, then run ${FIX}`);
      case 'missing':
        return advice(`not installed (${WHY})`, FIX);
    }
  },
};
