/**
 * Doctor checks: Gemini CLI, Qwen Code and Copilot CLI hooks (optional: advice only). A user without that agent
 * (no `~/.gemini`, `~/.qwen`, `~/.copilot`) is told nothing is needed, so the advice only reaches those who run it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { copilotHooksFile, copilotHooksStatus } from '../../../engine/hooks/copilot-hooks.ts';
import { geminiSettingsFile } from '../../../engine/hooks/gemini-hooks.ts';
import { qwenSettingsFile } from '../../../engine/hooks/qwen-hooks.ts';
import { copilotDeps } from '../../commands/hooks-copilot.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';
import { settingsHooksCheck, type SettingsHooksCheck } from './settings-hooks.ts';

const WHY = 'optional: the agent then reports a permission request and the end of a turn as they happen';

/** Gemini CLI or Qwen Code: hooks merged into the agent's settings.json. */
function settingsJsonCheck(runtime: 'gemini' | 'qwen', agentName: string, settingsFile: SettingsHooksCheck['settingsFile']): DoctorCheck {
  return settingsHooksCheck({
    runtime,
    title: `${agentName} hooks`,
    agentName,
    settingsFile,
    fix: `trailboss hooks install --runtime ${runtime}`,
    absent: `not installed (${WHY})`,
  });
}

export const geminiHooksCheck = settingsJsonCheck('gemini', 'Gemini CLI', geminiSettingsFile);
export const qwenHooksCheck = settingsJsonCheck('qwen', 'Qwen Code', qwenSettingsFile);

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
