/**
 * Agents whose hooks arrive in Claude's payload shape once read (Gemini CLI's are translated at the route,
 * hooks/gemini-hooks.ts; Qwen Code sends Claude's shape): a delivery maps to its pane the same way —
 * `$TMUX_PANE` first, process ancestry when the hook ran outside tmux's environment — and becomes a `hook`
 * Fact at once. The pane still decides which key is sent.
 */
import { ClaudeSessionDirectory } from '../claude-signals/session-directory.ts';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import type { RuntimeId } from '../runtimes/types.ts';
import type { HookDeliveryDeps } from './hook-delivery.ts';
import { deliverHook } from './hook-delivery.ts';

/** One runtime's hook deliveries → facts for the pane each session runs in. */
export class AgentHookFusion {
  readonly directory = new ClaudeSessionDirectory();

  constructor(
    private readonly runtime: RuntimeId,
    private readonly deps: HookDeliveryDeps,
  ) {}

  /** A hook arrived (after the HTTP answer was sent): map it to its pane and apply it now. */
  deliver(delivery: HookDelivery): void {
    deliverHook(this.deps, this.directory, this.runtime, delivery);
  }
}
