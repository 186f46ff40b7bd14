/**
 * Every setting, its type and its default. A missing key takes its default; an unknown key is an
 * error (a typo must not be silently ignored); durations are milliseconds or "5m"-style strings,
 * each bounded (at most 30 days, tighter where a longer value only makes the engine deaf or slow).
 */
import { z } from 'zod';
import { typedTextProblem } from '../actions/typed-text.ts';
import { RUNTIME_IDS } from '../runtimes/types.ts';
import { LOOP_MODES } from '../store/types.ts';
import { acceleratorProblem } from './accelerator.ts';
import { duration, MAX_SNOOZE_MS } from './duration.ts';
import { destinationProblem, HOST_NAME_PATTERN } from '../hosts/host-spec.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A global hotkey, or null for none. */
const hotkey = z
  .string()
  .nullable()
  .superRefine((text, ctx) => {
    const problem = text === null ? null : acceleratorProblem(text);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * How to open a terminal on a pane, as argv (no shell: a tmux target can contain shell
 * metacharacters). `{target}` is replaced by the tmux target, `{socket}` by the server's socket path.
 */
const terminalCommand = z
  .array(z.string())
  .min(1)
  .refine((argv) => argv.some((a) => a.includes('{target}')), { message: 'must contain the {target} placeholder' });

/** A rule choosing a loop mode for panes by runtime and/or tmux session name (a regular expression). */
const watchdogRule = z.strictObject({
  runtime: z.enum(RUNTIME_IDS).optional(),
  sessionPattern: z
    .string()
    .optional()
    .superRefine((pattern, ctx) => {
      if (pattern === undefined) return;
      try {
        new RegExp(pattern);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `not a valid regular expression: ${(err as Error).message}` });
      }
    }),
  mode: z.enum(LOOP_MODES),
});

/** A retention in whole days (1 day to 10 years), or null to keep for ever. */
const retentionDays = z.number().int().min(1).max(3650).nullable();

const cadence = z
  .array(duration())
  .min(1)
  .superRefine((steps, ctx) => {
    steps.forEach((ms, i) => {
      const prev = steps[i - 1];
      if (prev !== undefined && ms <= prev) {
        ctx.addIssue({ code: 'custom', path: [i], message: 'each reminder must come after the previous one' });
      }
    });
  });

/** A host reached with ssh whose tmux servers are watched (`trailboss hosts add`). */
const host = z.strictObject({
  name: z.string().regex(HOST_NAME_PATTERN, 'letters, digits, ".", "_" and "-" only (at most 63), starting with a letter or digit'),
  /** What ssh connects to: an alias of the ssh config, `host` or `user@host`. */
  destination: z.string().superRefine((d, ctx) => {
    const problem = destinationProblem(d);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** tmux sockets on the host (`tmux -S`); empty = the remote user's default server. */
  sockets: z
    .array(
      z
        .string()
        .min(1)
        .refine((p) => p.startsWith('/'), { message: 'must be an absolute path' }),
    )
    .default([]),
  /** An ssh config file (`ssh -F`); null = the user's own ~/.ssh/config. */
  sshConfig: z.string().min(1).nullable().default(null),
  enabled: z.boolean().default(true),
  /**
   * Forward the host's Claude hooks over its connection (`trailboss hooks install --host` sets it):
   * off, the engine runs nothing on the host but tmux, and nothing listens there.
   */
  hooks: z.boolean().default(false),
});

const hosts = z.array(host).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((h, i) => {
    if (seen.has(h.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `host "${h.name}" is listed twice` });
    seen.add(h.name);
  });
});

/** The config file's schema. `configSchema.parse({})` is the default config. */
export const configSchema = z.strictObject({
  /** Pane observation. */
  observe: z
    .strictObject({
      /**
       * `events`: a pane is looked at when tmux says it wrote (control mode, tmux 3.2+), with a full
       * look every `safetyNetMs` for anything missed; `poll`: a look every `tickMs`. A server whose
       * tmux cannot give the signal is polled whatever this says (read when the engine starts).
       */
      mode: z.enum(['events', 'poll']).default('events'),
      /** Events: quiet time after a pane's last output before it is looked at, and between its two looks. */
      settleMs: duration({ min: 10, max: 10 * SECOND }).default(60),
      /** Events: a pane that never goes quiet (streaming, a spinner) is still looked at this often. */
      busyLookMs: duration({ min: 100, max: MINUTE }).default(1000),
      /** Events: the safety net's full look (pane list, window activity) for what the signal missed. */
      safetyNetMs: duration({ min: SECOND, max: 10 * MINUTE }).default(5 * SECOND),
      /** Poll: the pace of full looks. */
      tickMs: duration({ min: 100, max: MINUTE }).default(1000),
      /** Poll: delay before the confirming capture of a changed screen. */
      recheckMs: duration({ max: MINUTE }).default(250),
      /** Identical classifications needed before a screen counts as a fact. */
      stabilityCaptures: z.number().int().min(1).max(20).default(2),
      /** An unchanged screen no recogniser explains is reported after this long. */
      unexplainedAfterMs: duration({ max: DAY }).default(30 * SECOND),
    })
    .prefault({}),
  tmux: z
    .strictObject({
      /** Extra tmux server sockets to watch besides the default server. */
      sockets: z.array(z.string().min(1)).default([]),
      captureMode: z.enum(['auto', 'control', 'batch']).default('auto'),
      /** Watch the user's default tmux server besides the sockets (read when the engine starts). */
      includeDefault: z.boolean().default(true),
      /**
       * Absolute path of the tmux binary; null = search PATH, the login shell's PATH and the usual
       * package-manager directories (read when the app starts).
       */
      path: z
        .string()
        .nullable()
        .default(null)
        .refine((p) => p === null || p.startsWith('/'), { message: 'must be an absolute path' }),
    })
    .prefault({}),
  reminders: z
    .strictObject({
      /** Reminder times after first detection; after the last one the item is marked stuck. */
      cadence: cadence.default([0, 5 * MINUTE, 15 * MINUTE, 45 * MINUTE, 2 * HOUR, 4 * HOUR]),
    })
    .prefault({}),
  queue: z
    .strictObject({
      itemExpiryMs: duration().default(8 * HOUR),
      skipCooldownMs: duration({ max: DAY }).default(10 * MINUTE),
      defaultSnoozeMs: duration({ max: MAX_SNOOZE_MS }).default(30 * MINUTE),
    })
    .prefault({}),
  notifications: z
    .strictObject({
      enabled: z.boolean().default(true),
      /** Epoch ms until which notifications are paused; null when not paused. */
      pausedUntil: z.number().int().nullable().default(null),
      sound: z.boolean().default(true),
      /** Approve / Deny buttons on notifications where the OS has them. */
      actionButtons: z.boolean().default(true),
      /**
       * Linux: notifications through the freedesktop service on the session bus (with buttons).
       * `auto`: the desktop app uses it when the server has actions, the daemon only with `--notify`;
       * `true`: the desktop app always, and `trailboss daemon` as if given `--notify`; `false`: never.
       */
      dbus: z.union([z.boolean(), z.literal('auto')]).default('auto'),
    })
    .prefault({}),
  hotkeys: z
    .strictObject({
      // Cmd+Alt+J is Chrome's JavaScript console on macOS and Cmd+Alt+Shift+Q logs out: J and K with Shift clash with neither.
      jumpOldest: hotkey.default('CommandOrControl+Alt+Shift+J'),
      openQueue: hotkey.default('CommandOrControl+Alt+Shift+K'),
    })
    .prefault({})
    .refine((h) => h.jumpOldest === null || h.jumpOldest.toLowerCase() !== h.openQueue?.toLowerCase(), {
      path: ['openQueue'],
      message: 'must differ from hotkeys.jumpOldest',
    }),
  terminal: z
    .strictObject({
      linux: terminalCommand.default(['x-terminal-emulator', '-e', 'tmux', '-S', '{socket}', 'attach-session', '-t', '{target}']),
      darwin: terminalCommand.default([
        'osascript',
        '-e',
        'tell application "Terminal" to do script "tmux -S \'{socket}\' attach-session -t \'{target}\'"',
        '-e',
        'tell application "Terminal" to activate',
      ]),
      win32: terminalCommand.default(['wt.exe', 'wsl.exe', 'tmux', '-S', '{socket}', 'attach-session', '-t', '{target}']),
      /**
       * The settings form's one-line command for every platform ("kitty -e {tmux} attach -t {target}");
       * null = the per-platform argv above.
       */
      command: z
        .string()
        .nullable()
        .default(null)
        .refine((line) => line === null || line.includes('{target}'), { message: 'must contain the {target} placeholder' }),
    })
    .prefault({}),
  hooks: z
    .strictObject({
      enabled: z.boolean().default(true),
      /** Loopback port of the hook/API server; 0 picks a free one. */
      port: z.number().int().min(0).max(65535).default(0),
    })
    .prefault({}),
  watchdog: z
    .strictObject({
      /** Global switch; panes still opt in by loop mode or rule. */
      enabled: z.boolean().default(true),
      /** Typed into agents, so held to the same rule as any typed text (no control characters). */
      message: z
        .string()
        .min(1)
        .max(10_000)
        .superRefine((text, ctx) => {
          const problem = typedTextProblem(text);
          if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
        })
        .default('continue'),
      firstDelayMs: duration().default(300 * SECOND),
      factor: z.number().min(1).default(3),
      capMs: duration().default(7200 * SECOND),
      /** Explicit waits before each nudge (overrides firstDelayMs × factor for the waits listed; later ones grow by factor). */
      backoffMs: z
        .array(duration({ min: 1 }))
        .min(1)
        .optional(),
      maxNudges: z.number().int().min(1).default(3),
      /** A client active in the pane's session within this window means a human is there. */
      humanActiveWindowMs: duration({ max: DAY }).default(120 * SECOND),
      /** First matching rule sets a pane's loop mode; panes no rule matches stay paused. */
      rules: z.array(watchdogRule).default([]),
      /** Dismiss dialogs from the safe-to-dismiss catalog (Codex's warnings overlay). */
      dismissKnownDialogs: z.boolean().default(true),
      /** How long an agent must work for the nudge count to reset (a flash of work after an error does not count). */
      workResetMs: duration({ max: DAY }).default(30 * SECOND),
      /** When a gate says "not now" with no known end (a draft, a screen not at its input prompt), look again after this. */
      recheckMs: duration({ min: 100, max: HOUR }).default(60 * SECOND),
    })
    .prefault({})
    .refine((w) => w.capMs >= w.firstDelayMs, { path: ['capMs'], message: 'must be at least watchdog.firstDelayMs' }),
  /** Other machines whose agents are watched over ssh (applied while the engine runs). */
  hosts: hosts.default([]),
  /** How long finished records are kept, in days; null keeps them for ever (store/retention.ts). */
  retention: z
    .strictObject({
      /** Wait intervals of the activity chart. */
      historyDays: retentionDays.default(90),
      /** Resolved items, the rows of panes gone this long, and the phone's settled messages and button tokens. */
      resolvedItemsDays: retentionDays.default(90),
      /** The audit log of keys and text sent: kept unless you set a number of days. */
      auditDays: retentionDays.default(null),
    })
    .prefault({}),
  /** Answering from the phone (Telegram). Pairing and the bot token are kept apart (`trailboss phone pair`). */
  phone: z
    .strictObject({
      telegram: z
        .strictObject({
          /** The Bot API server: Telegram's, or a self-hosted one (saved by `phone pair --api-base`). */
          apiBase: z
            .string()
            .default('https://api.telegram.org')
            .refine((u) => /^https?:\/\/[^/\s]+/.test(u), { message: 'must be an http(s) URL' }),
        })
        .prefault({}),
      slack: z
        .strictObject({
          /** The Slack Web API base: Slack's, GovSlack's (https://slack-gov.com/api/), or a stand-in (saved by `slack pair --api-base`). */
          apiBase: z
            .string()
            .default('https://slack.com/api/')
            .refine((u) => /^https?:\/\/[^/\s]+/.test(u), { message: 'must be an http(s) URL' }),
        })
        .prefault({}),
      /** Send the pane's last lines with each message (secrets masked); false: only what it asks. */
      tail: z.boolean().default(true),
      /** Send only items that have waited at least this long (0: every item at once). */
      afterMs: duration({ max: DAY }).default(0),
    })
    .prefault({}),
  restart: z
    .strictObject({
      /** Snapshot length limit in lines. */
      maxLines: z.number().int().min(10).default(200),
      gracefulTimeoutMs: duration({ max: 10 * MINUTE }).default(30 * SECOND),
      /** Restart when context use passes this percentage; 0 = never. */
      autoThresholdPercent: z.number().min(0).max(100).default(0),
      /** Runtime a restart launches when none is chosen; null = the same runtime. */
      defaultRuntime: z.enum(RUNTIME_IDS).nullable().default(null),
    })
    .prefault({}),
});

/** The validated config every module reads (durations in ms, every key present). */
export type Config = z.output<typeof configSchema>;
/** What a config file may contain (every key optional, durations as numbers or strings). */
export type ConfigInput = z.input<typeof configSchema>;

/** The config when the file is absent (frozen: take a copy to change it). */
export const DEFAULT_CONFIG: Config = deepFreeze(configSchema.parse({}));

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
