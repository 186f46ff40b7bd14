/** Every doctor check, in the order shown. A new check: its own module here, one line below. */
import type { DoctorCheck } from '../check.ts';
import { agentPanesCheck } from './agent-panes.ts';
import { configCheck } from './config.ts';
import { dataDirCheck } from './data-dir.ts';
import { databaseCheck } from './database.ts';
import { engineCheck } from './engine.ts';
import { engineHealthCheck } from './engine-health.ts';
import { copilotHooksCheck, geminiHooksCheck, qwenHooksCheck } from './agent-hooks.ts';
import { codexHooksCheck } from './codex-hooks.ts';
import { hooksCheck } from './hooks.ts';
import { opencodePluginCheck } from './opencode-plugin.ts';
import { logFileCheck } from './log-file.ts';
import { nodeCheck } from './node.ts';
import { notificationsCheck } from './notifications.ts';
import { phoneCheck } from './phone.ts';
import { slackCheck } from './slack.ts';
import { tmuxServersCheck } from './tmux-servers.ts';
import { tmuxCheck } from './tmux.ts';
import { tmuxIntegrationCheck } from './tmux-integration.ts';
import { uiCheck } from './ui.ts';

export const DOCTOR_CHECKS: readonly DoctorCheck[] = [
  nodeCheck,
  tmuxCheck,
  tmuxServersCheck,
  agentPanesCheck,
  dataDirCheck,
  databaseCheck,
  configCheck,
  engineCheck,
  engineHealthCheck,
  hooksCheck,
  codexHooksCheck,
  geminiHooksCheck,
  qwenHooksCheck,
  copilotHooksCheck,
  opencodePluginCheck,
  tmuxIntegrationCheck,
  uiCheck,
  notificationsCheck,
  phoneCheck,
  slackCheck,
  logFileCheck,
];
