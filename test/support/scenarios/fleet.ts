/**
 * One entry per runtime Trail Boss reads, for benches and tests that run a mixed fleet of scripted
 * agents: its working and idle states, its permission prompt, and the queue item that prompt must
 * produce (runtime, kind, the approve key and the label approve shows). test/engine/support/scenarios/
 * fleet.test.ts reads every screen through the real recogniser, so a bench on these agents cannot
 * silently measure a prompt nobody recognises.
 */
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { auggieShellApproval, auggieWorkingStates } from './auggie.ts';
import { claudePermBash, claudeWorkingStates } from './claude.ts';
import { codexExecApproval, codexWorkingStates } from './codex.ts';
import { opencodeBashApproval, opencodeWorkingStates } from './opencode.ts';
import { PEER_RUNTIMES, peerPrompt, peerWorkingStates } from './peer-runtime.ts';
import { newerWorkingStates, shellApproval } from './shell-approval.ts';

/** The queue item a runtime's prompt must become. */
export interface ExpectedItem {
  readonly runtime: RuntimeId;
  readonly reason: 'permission';
  /** The one key approve sends (the single-use option). */
  readonly approveKey: string;
  /** The option label the queue shows on the approve button. */
  readonly approveLabel: string;
}

/** What a fleet needs of one runtime. */
export interface FleetRuntime {
  /** The process name its pane shows (a scenario's `runtime`): what discovery matches. */
  readonly processName: string;
  /** `working-1..3` (each `stepMs`, then the next), then `idle`: the agent at its input after a turn. */
  readonly working: (stepMs: number) => Record<string, StateSpec>;
  /** The permission prompt, state `prompt` first; after an answer it asks again `idleMs` later (or, for runtimes with an input line, once `looping` says so). */
  readonly prompt: (idleMs: number) => Scenario;
  readonly expected: ExpectedItem;
}

const item = (runtime: RuntimeId, approveKey: string, approveLabel: string): ExpectedItem => ({
  runtime,
  reason: 'permission',
  approveKey,
  approveLabel,
});

/** Every runtime, with its scripted screens and the item its prompt must produce. */
export const FLEET_RUNTIMES: Readonly<Record<RuntimeId, FleetRuntime>> = {
  claude: { processName: 'claude', working: claudeWorkingStates, prompt: () => claudePermBash(), expected: item('claude', '1', 'Yes') },
  codex: {
    processName: 'codex',
    working: codexWorkingStates,
    prompt: () => codexExecApproval(),
    expected: item('codex', '1', 'Yes, proceed (y)'),
  },
  opencode: {
    processName: 'opencode',
    working: opencodeWorkingStates,
    prompt: () => opencodeBashApproval(),
    expected: item('opencode', 'Enter', 'Allow once'),
  },
  cursor: {
    processName: PEER_RUNTIMES.cursor.processName,
    working: (ms) => peerWorkingStates(PEER_RUNTIMES.cursor, ms),
    prompt: (idle) => peerPrompt(PEER_RUNTIMES.cursor, idle),
    expected: item('cursor', 'y', 'Run (once) (y)'),
  },
  kiro: {
    processName: PEER_RUNTIMES.kiro.processName,
    working: (ms) => peerWorkingStates(PEER_RUNTIMES.kiro, ms),
    prompt: (idle) => peerPrompt(PEER_RUNTIMES.kiro, idle),
    expected: item('kiro', 'Enter', 'Yes, single permission'),
  },
  auggie: { processName: 'auggie', working: auggieWorkingStates, prompt: auggieShellApproval, expected: item('auggie', 'a', 'Allow') },
  gemini: {
    processName: 'gemini',
    working: (ms) => newerWorkingStates('gemini', ms),
    prompt: (idle) => shellApproval('gemini', idle),
    expected: item('gemini', '1', 'Allow once'),
  },
  qwen: {
    processName: 'qwen',
    working: (ms) => newerWorkingStates('qwen', ms),
    prompt: (idle) => shellApproval('qwen', idle),
    expected: item('qwen', '1', 'Yes, allow once'),
  },
  copilot: {
    processName: 'copilot',
    working: (ms) => newerWorkingStates('copilot', ms),
    prompt: (idle) => shellApproval('copilot', idle),
    expected: item('copilot', '1', 'Yes'),
  },
};
