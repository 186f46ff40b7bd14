/** Words the UI uses for contract values. */
import type { AgentStateDto, ItemActionDto, OutcomeKindDto, RuntimeIdDto, WaitReasonDto } from '../../preload/contract/index.ts';
import { assertNever } from '../../preload/contract/assert-never.ts';

/** The name of an agent CLI as its makers write it. */
export function runtimeName(runtime: RuntimeIdDto): string {
  switch (runtime) {
    case 'claude':
      return 'Claude Code';
    case 'codex':
      return 'Codex';
    case 'opencode':
      return 'opencode';
    case 'cursor':
      return 'Cursor';
    case 'kiro':
      return 'Kiro';
    case 'auggie':
      return 'Auggie';
    case 'gemini':
      return 'Gemini CLI';
    case 'qwen':
      return 'Qwen Code';
    case 'copilot':
      return 'Copilot CLI';
    default:
      return assertNever(runtime);
  }
}

/** Why an item waits, in words. */
export function reasonLabel(reason: WaitReasonDto): string {
  switch (reason) {
    case 'permission':
      return 'Permission';
    case 'dialog':
      return 'Question';
    case 'idle':
      return 'Idle';
    case 'idle-after-nudges':
      return 'Idle after nudges';
    case 'unknown':
      return 'Unrecognised screen';
    default:
      return assertNever(reason);
  }
}

/** An action's outcome, in words. */
export function outcomeLabel(outcome: OutcomeKindDto | 'failed'): string {
  switch (outcome) {
    case 'confirmed':
      return 'Confirmed';
    case 'unconfirmed':
      return 'Sent, not confirmed';
    case 'changed':
      return 'Prompt changed, nothing sent';
    case 'gone':
      return 'Gone, nothing sent';
    case 'refused':
      return 'Refused, nothing sent';
    case 'failed':
      return 'Failed';
    default:
      return assertNever(outcome);
  }
}

/** An agent's state, in words. */
export function stateLabel(state: AgentStateDto): string {
  switch (state) {
    case 'starting':
      return 'starting';
    case 'working':
      return 'working';
    case 'permission':
      return 'waiting: permission';
    case 'dialog':
      return 'waiting: question';
    case 'idle':
      return 'idle';
    case 'unknown':
      return 'unrecognised';
    case 'gone':
      return 'gone';
    case 'unreachable':
      return 'host unreachable';
    default:
      return assertNever(state);
  }
}

/** An item action as a verb. */
export function actionLabel(action: ItemActionDto): string {
  return action.charAt(0).toUpperCase() + action.slice(1);
}
