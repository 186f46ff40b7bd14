/**
 * Wiring step 7b: Codex CLI heard through its own hooks (installed by `trailboss hooks install
 * --runtime codex`), fused into the truth's facts like Claude's; its route sits beside Claude's on
 * the loopback endpoint.
 */
import type { PaneObserver } from '../observe/observer.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { Fact } from '../sessions/facts.ts';
import { AgentHookFusion } from '../truth/agent-hook-fusion.ts';
import { CodexFusion } from '../truth/codex-fusion.ts';
import type { Foundation } from './foundation.ts';

/** Fusion of Codex hook deliveries into facts for `onFacts`. */
export function buildCodexFusion(
  f: Foundation,
  observer: PaneObserver,
  processTable: ProcessTable,
  onFacts: (facts: Fact[]) => void,
): CodexFusion {
  return new CodexFusion({ observer, logger: f.logger, processTable, apply: onFacts });
}

/** Fusion of another agent's hook deliveries (Gemini CLI, Qwen Code, Copilot CLI) into facts for `onFacts`. */
export function buildAgentHookFusion(
  f: Foundation,
  runtime: 'gemini' | 'qwen' | 'copilot',
  observer: PaneObserver,
  processTable: ProcessTable,
  onFacts: (facts: Fact[]) => void,
): AgentHookFusion {
  return new AgentHookFusion(runtime, { observer, logger: f.logger, processTable, apply: onFacts });
}
