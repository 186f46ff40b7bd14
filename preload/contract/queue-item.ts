/** DTOs for the attention queue: one item per agent that needs a human, and what an action did. */
import type { OptionKindDto, RuntimeIdDto } from './agent.ts';

/** Why an item waits. `idle-after-nudges`: the watchdog gave up after its tries and hands it to the human. */
export type WaitReasonDto = 'permission' | 'dialog' | 'idle' | 'unknown' | 'idle-after-nudges';

/** One option of a prompt or dialog exactly as the agent shows it. */
export interface OptionDto {
  readonly label: string;
  readonly kind: OptionKindDto;
}

/** One waiting agent. The array order of `queue:list` is the queue order (oldest first, skipped at the tail). */
export interface QueueItemDto {
  readonly id: string;
  readonly paneKey: string;
  /** `session:window.pane`. */
  readonly target: string;
  /** The configured host the agent runs on (`trailboss hosts`); null for this machine. */
  readonly host: string | null;
  /** "host gpu unreachable since …" while its host cannot be reached (the item keeps its place); null otherwise. */
  readonly unreachable: string | null;
  readonly sessionName: string;
  readonly runtime: RuntimeIdDto;
  readonly runtimeVerified: boolean;
  readonly reason: WaitReasonDto;
  /** One line saying what it wants: the command, file or URL; the dialog question; "waiting for input". */
  readonly subject: string;
  /** Tool family as the agent names it ("Bash command", "Edit"), when shown. */
  readonly tool: string | null;
  /** The prompt's question line, when there is one. */
  readonly question: string | null;
  readonly options: readonly OptionDto[];
  /** Exact label of the single-use option approve will choose; null when approve is not possible. */
  readonly approveLabel: string | null;
  /** Why approve is not possible (shown on the disabled button); null when `approveLabel` is set. */
  readonly approveBlockedReason: string | null;
  /** Exact label of the option deny will choose ("No"), or "Esc" when deny presses Escape; null when deny is not possible. */
  readonly denyLabel: string | null;
  /**
   * Opaque identity of the prompt this item shows. Approve and deny send it back: the engine sends a
   * key only while the pane still shows this very prompt (else it answers `changed`).
   */
  readonly fingerprint: string;
  /** Whether reply can type here (the agent is at its input prompt). */
  readonly canReply: boolean;
  /** Epoch ms when the wait was first detected. */
  readonly firstSeen: number;
  /** How long it had waited when this DTO was made (the UI counts on from `firstSeen`). */
  readonly waitedMs: number;
  /** How many reminders have fired (0 = only the first notice). */
  readonly reminderStep: number;
  /** All reminders fired and it still waits. */
  readonly stuck: boolean;
  /** Hidden from the queue until then (epoch ms); null when not snoozed. */
  readonly snoozedUntil: number | null;
  /** Moved to the tail; it cannot come back to the head before this time. */
  readonly skippedUntil: number | null;
  /** The pane's last lines as captured with `capture-pane -e`: text with SGR colour escapes, never markup. */
  readonly tail: readonly string[];
  /** Extra context, e.g. the agent's last assistant message; null when none. */
  readonly context: string | null;
}

/** The user actions on an item that can produce an outcome. */
export type ItemActionDto = 'approve' | 'deny' | 'reply' | 'jump' | 'skip' | 'snooze' | 'restart' | 'wake';

/**
 * What happened after an action.
 * - `confirmed`: done, and the pane shows it (the prompt went away; the text arrived).
 * - `unconfirmed`: sent, but the pane did not show the effect within the deadline; never retried.
 * - `changed`: the pane shows something else than the user saw; nothing was sent, the item refreshes.
 * - `gone`: the pane or the item no longer exists; nothing was sent.
 * - `refused`: not allowed (no single-use option, not at an input prompt, already claimed); nothing was sent.
 */
export type OutcomeKindDto = 'confirmed' | 'unconfirmed' | 'changed' | 'gone' | 'refused';

/** The answer to any item action. `message` is a human sentence ("Jumped to api:1.0; no terminal attached, opened one"). */
export interface ActionOutcomeDto {
  readonly itemId: string;
  readonly action: ItemActionDto;
  readonly outcome: OutcomeKindDto;
  readonly message: string;
}
