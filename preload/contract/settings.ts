/** Settings DTOs: the user's config as the UI edits it, plus what the engine knows about applying it. */
import type { RuntimeIdDto } from './agent.ts';

/** The whole editable config. Durations are milliseconds; the engine validates and answers `invalid` with issues. */
export interface SettingsDto {
  readonly hotkeys: {
    /** Electron accelerator ("CommandOrControl+Alt+J"); null disables it. */
    readonly jumpOldest: string | null;
    readonly openQueue: string | null;
  };
  readonly reminders: {
    /** Offsets from first detection at which to notify: default [0, 5 m, 15 m, 45 m, 2 h, 4 h]; after the last one the item is stuck. */
    readonly cadenceMs: readonly number[];
  };
  readonly notifications: {
    readonly enabled: boolean;
    readonly sound: boolean;
    /** Approve / Deny buttons on notifications where the OS has them. */
    readonly actionButtons: boolean;
  };
  readonly terminal: {
    /**
     * Command that opens the user's terminal on a pane when no client is attached; null = the
     * platform default. Placeholders: `{tmux}` (tmux with its socket flags), `{target}`.
     */
    readonly command: string | null;
  };
  readonly tmux: {
    /** Watch the user's default tmux server. */
    readonly includeDefault: boolean;
    /** Extra servers by socket path (`tmux -S`). */
    readonly sockets: readonly string[];
  };
  readonly watchdog: {
    /** Opt-in: type `message` into idle agents. */
    readonly enabled: boolean;
    readonly message: string;
    /** Waits before each nudge: default [5 m, 15 m, 45 m], later ones capped at `capMs`. */
    readonly backoffMs: readonly number[];
    readonly capMs: number;
    /** After this many nudges the agent is queued for the human instead. */
    readonly maxTries: number;
    /** A human typed in the pane within this window → never nudge (default 120 s). */
    readonly humanActiveMs: number;
    /** Dismiss known blocking dialogs that are safe to dismiss (usage-credit offers, surveys). */
    readonly dismissKnownDialogs: boolean;
  };
  readonly restart: {
    /** Runtime a restart launches when none is chosen; null = the same runtime. */
    readonly defaultRuntime: RuntimeIdDto | null;
  };
  readonly phone: {
    /** Send the pane's last lines (secrets masked) with each Telegram message. */
    readonly tail: boolean;
    /** Only items that have waited at least this long go to the phone; 0 = all at once. */
    readonly afterMs: number;
  };
}

/** The Telegram pairing as the settings view shows it (paired there or with `trailboss phone pair`). */
export interface PhoneStatusDto {
  readonly paired: boolean;
  /** The paired Telegram user ("Ada (@ada)"); null when not paired. */
  readonly name: string | null;
  /** The bot's username; null when not paired. */
  readonly bot: string | null;
  /** The engine's last successful poll (epoch ms); null when none yet. */
  readonly lastPollAt: number | null;
  /** What stops or troubles the channel ("unauthorized: …"); null when fine. */
  readonly problem: string | null;
}

/** A global hotkey and whether the OS let us register it. */
export interface HotkeyStatusDto {
  readonly name: keyof SettingsDto['hotkeys'];
  readonly accelerator: string | null;
  readonly registered: boolean;
  /** Why it is not registered, with a hint ("taken by another app", "Wayland without the GlobalShortcuts portal"). */
  readonly problem: string | null;
}

/** What `settings:get` / `settings:set` answer. */
export interface SettingsStateDto {
  readonly settings: SettingsDto;
  /** Where the config file lives (for "open in editor" and for humans). */
  readonly configPath: string;
  readonly hotkeys: readonly HotkeyStatusDto[];
  /** Set when the file on disk is bad: the engine keeps the last good config and says why here. */
  readonly loadError: string | null;
  /** The desktop app's log file (where to look when something does not work); null where logs go to a terminal (daemon). */
  readonly logFile: string | null;
  readonly phone: PhoneStatusDto;
}
