/** Shared vocabulary for agent runtimes: what a pane screen can mean, and the shape of a parsed prompt. */

/** Every agent CLI Trail Boss knows. */
export const RUNTIME_IDS = ['claude', 'codex', 'opencode', 'cursor', 'kiro', 'auggie'] as const;
export type RuntimeId = (typeof RUNTIME_IDS)[number];

/**
 * What choosing an option does.
 * - `once`: grants exactly this one invocation ("Yes", "Allow once", "Yes, proceed").
 * - `always`: any grant beyond this invocation: "don't ask again", "allow always", a session or
 *   project grant, a mode switch ("switch to auto mode", "accept edits").
 * - `deny`: says no ("No", "Reject", "No, and tell … what to do differently").
 * - `other`: anything else (free text, "chat about this", a menu choice).
 */
export type OptionKind = 'once' | 'always' | 'deny' | 'other';

/** One choice offered by a prompt or dialog. `key` is a tmux key name that selects it (`1`, `y`, `Enter`). */
export interface PromptOption {
  readonly key: string | null;
  readonly label: string;
  readonly kind: OptionKind;
}

/** A permission prompt: the agent asks before running a tool. */
export interface PermissionPrompt {
  readonly kind: 'permission';
  readonly runtime: RuntimeId;
  /** Tool family as the UI names it ("Bash command", "Fetch", "Shell command", "Edit"), if shown. */
  readonly tool: string | null;
  /** The question line ("Do you want to proceed?"). */
  readonly question: string;
  /** What it wants to touch: the command, file path or URL. */
  readonly subject: string;
  readonly options: readonly PromptOption[];
  /** Index into `options` of the highlighted option, when the UI shows one; null when not visible. */
  readonly highlighted: number | null;
  /**
   * How sure the parser is that it read the whole prompt. Only `high` prompts ever get an approve key.
   */
  readonly confidence: 'high' | 'low';
  /**
   * Keys that work beside the option keys but are not options themselves
   * (Escape cancels = deny in every runtime seen so far). Runtime-specific, verified in fixtures.
   */
  readonly escapeDenies: boolean;
  /**
   * Set by runtimes where the approve key is Enter on the highlighted option (opencode):
   * approve is allowed only while the highlighted option is the single `once` option.
   */
  readonly approveByEnterOnHighlight: boolean;
  /**
   * The key that turns the highlighted option into a text field for a note to the agent, where the
   * screen offers one (Claude Code's footer `Tab to amend`); absent where it does not. Deny with a
   * message presses it only while the highlight is on the deny option (on "Yes" it amends the approval).
   */
  readonly amendKey?: 'Tab';
}

/** A question or dialog that is not a tool permission (menu, trust dialog, plan approval, notice). */
export interface DialogScreen {
  readonly kind: 'dialog';
  readonly runtime: RuntimeId;
  /** Stable identifier for known dialogs (`claude.trust-folder`, `codex.model-migration`); null when generic. */
  readonly dialogId: string | null;
  readonly question: string;
  readonly options: readonly PromptOption[];
  readonly highlighted: number | null;
  /**
   * An overlay the user opened (a model picker, help, the transcript viewer): the user is at the pane,
   * so it is not queued and never gets a key. Absent for dialogs the agent raised.
   */
  readonly openedByUser?: boolean;
}

/** The agent waits at its input prompt. `draft` is text already typed into the input line ('' when empty). */
export interface IdleScreen {
  readonly kind: 'idle';
  readonly runtime: RuntimeId;
  readonly draft: string;
}

/** The agent shows a working indicator (spinner line, "esc to interrupt"). */
export interface WorkingScreen {
  readonly kind: 'working';
  readonly runtime: RuntimeId;
  /** The line that proves it ("· Seasoning… (2s · ↓ 29 tokens)"). */
  readonly indicator: string;
}

/** No recogniser explains the screen. Never treated as idle or done. */
export interface UnknownScreen {
  readonly kind: 'unknown';
  readonly runtime: RuntimeId;
}

/** What a recogniser concluded about the bottom of one pane. */
export type Screen = PermissionPrompt | DialogScreen | IdleScreen | WorkingScreen | UnknownScreen;
export type ScreenKind = Screen['kind'];

/** One capture of a pane, as the runtime parsers see it. */
export interface PaneCapture {
  /** `capture-pane -p` lines (no colour), trailing blank lines kept or not — parsers must not care. */
  readonly lines: readonly string[];
  /** `capture-pane -p -e` lines (with SGR colour codes), when captured; needed where only colour shows a highlight. */
  readonly ansiLines?: readonly string[];
}

/** The per-runtime module every agent CLI implements. Everything here is pure. */
export interface RuntimeModule {
  readonly id: RuntimeId;
  readonly displayName: string;
  /** False when built from public docs without real captures: shown to the user as unverified. */
  readonly verified: boolean;
  /** Does this process name / command line look like this agent? (`claude`, `node …/codex`, …) */
  matchesProcess(command: string, argv?: string): boolean;
  /** Lines that change while nothing meaningful changes (spinners, timers, token counters). */
  isVolatileLine(line: string): boolean;
  /** Turn the pane's screen into one classified Screen. */
  classify(capture: PaneCapture): Screen;
  /** Whether this runtime needs the colour capture to classify (opencode: highlight only in colour). */
  readonly needsColour: boolean;
}
