/** DTOs that describe watched agents (one per tmux pane running a known agent CLI). */

/** Every agent CLI the app knows; mirrors the engine's RuntimeId (a type test keeps them equal). */
export type RuntimeIdDto = 'claude' | 'codex' | 'opencode' | 'cursor' | 'kiro' | 'auggie' | 'gemini' | 'qwen' | 'copilot';

/** What choosing an option does; mirrors the engine's OptionKind (a type test keeps them equal). */
export type OptionKindDto = 'once' | 'always' | 'deny' | 'other';

/**
 * What the engine believes an agent is doing.
 * `permission`/`dialog`/`idle` are the waiting states; `unknown` means no recogniser explains the
 * screen (never treated as idle); `gone` means the pane or its process went away; `unreachable`
 * means the agent's host cannot be reached (its items keep their place; nothing can be sent).
 */
export type AgentStateDto = 'starting' | 'working' | 'permission' | 'dialog' | 'idle' | 'unknown' | 'gone' | 'unreachable';

/** Per-session watchdog behaviour: never nudge, re-inject the original directive only, or nudge with the continue message. */
export type LoopModeDto = 'paused' | 'task-only' | 'active';

/** One watched agent pane. Times are epoch milliseconds. */
export interface AgentDto {
  /** `<serverKey>|<paneId>`, e.g. `default|%3` (`@gpu:default|%3` on a host): stable for the pane's life, the id every call uses. */
  readonly paneKey: string;
  /** `session:window.pane`, for humans. */
  readonly target: string;
  /** The configured host the agent runs on (`trailboss hosts`); null for this machine. */
  readonly host: string | null;
  /** "host gpu unreachable since …" while its host cannot be reached (state `unreachable`); null otherwise. */
  readonly unreachable: string | null;
  readonly sessionName: string;
  readonly runtime: RuntimeIdDto;
  /** False when the runtime module was built without real captures: the UI marks it unverified. */
  readonly runtimeVerified: boolean;
  readonly state: AgentStateDto;
  /** When the agent entered `state`. */
  readonly since: number;
  readonly muted: boolean;
  /** The watchdog mode in force: the user's choice for this pane if made, else the first matching config rule, else paused. */
  readonly loopMode: LoopModeDto;
  /** The prompt or dialog on screen (with every option's key), for `permission`/`dialog`; null otherwise. */
  readonly prompt: AgentPromptDto | null;
  /** Text typed into the agent's input line while idle ('' when empty); null when not idle. */
  readonly draft: string | null;
}

/** One option as the agent shows it, with the tmux key that selects it (null: chosen by highlight + Enter). */
export interface AgentPromptOptionDto {
  readonly key: string | null;
  readonly label: string;
  readonly kind: OptionKindDto;
}

/** A parsed prompt: what `trailboss status --json` prints. Keys are tmux key names (`1`, `Enter`, `Escape`). */
export interface AgentPromptDto {
  readonly kind: 'permission' | 'dialog';
  readonly tool: string | null;
  readonly dialogId: string | null;
  readonly question: string;
  readonly subject: string | null;
  readonly options: readonly AgentPromptOptionDto[];
  readonly highlighted: number | null;
  /** The key approve would send (the single-use option); null when approve is not possible. */
  readonly approveKey: string | null;
  readonly denyKey: string | null;
}
