/** Doctor check: Codex hooks (optional: advice only). */
import { codexHooksFile } from '../../../engine/hooks/codex-hooks.ts';
import { settingsHooksCheck } from './settings-hooks.ts';

export const codexHooksCheck = settingsHooksCheck({
  runtime: 'codex',
  title: 'Codex hooks',
  agentName: 'Codex',
  settingsFile: codexHooksFile,
  fix: 'trailboss hooks install --runtime codex (then choose "Trust all and continue" at Codex\'s next start)',
  absent: 'not installed (optional: Codex then reports a permission request before it draws the prompt)',
});
