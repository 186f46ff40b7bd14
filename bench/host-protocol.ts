/**
 * What the bench's child processes (engine-host, observer-host) say on stdout, one JSON object per
 * line, and the commands they take on stdin. Times are epoch ms with fractions
 * (performance.timeOrigin + performance.now()), the same clock the scripted agents record with.
 */

/** Epoch ms with sub-ms precision, comparable with the scripted agents' record `t`. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Config of bench/engine-host.ts (passed as one JSON argument). */
export interface EngineHostConfig {
  /** TRAILBOSS_HOME of this engine (a temp dir). */
  readonly home: string;
  /** The private tmux server's socket (the only server watched, unless `sockets` lists several). */
  readonly socket: string;
  /** Several local servers to watch instead of `socket` (the remote phase's local run). */
  readonly sockets?: readonly string[];
  /** Hosts for the config (`hosts`); with them and no `sockets`, no local server is watched. */
  readonly hosts?: readonly unknown[];
  readonly captureMode: 'auto' | 'control' | 'batch';
  /** Observer tick; omitted = the engine's default (1 s). */
  readonly tickMs?: number;
  /** config `observe.mode`; omitted = the engine's default (events). */
  readonly observeMode?: 'events' | 'poll';
  /** Start the loopback API (hooks, CLI). */
  readonly api: boolean;
  /** Approve every new permission item after a random delay in [0, maxDelayMs) — keeps looping agents looping. */
  readonly autoApprove: { readonly maxDelayMs: number } | null;
  /** The phone channel's Bot API server (the stand-in); pairing is the bench's to make, through the store. */
  readonly phone?: { readonly apiBase: string };
  /** The Slack channel's Web API base (the stand-in); pairing is the bench's to make, through the store. */
  readonly slack?: { readonly apiBase: string };
}

/** Config of bench/observer-host.ts: the observer alone, with a chosen tmux client. */
export interface ObserverHostConfig {
  readonly socket: string;
  readonly client: 'control' | 'batch' | 'per-process';
  readonly tickMs: number;
}

/** One line a host writes. */
export type HostMessage =
  | { readonly type: 'ready'; readonly t: number; readonly pid: number; readonly port: number | null; readonly token: string | null }
  | { readonly type: 'spawned'; readonly pid: number }
  | {
      readonly type: 'added';
      readonly t: number;
      readonly id: string;
      readonly paneKey: string;
      readonly reason: string;
      /** The runtime the engine read the pane as, and the label approve shows (null: approve withheld). */
      readonly runtime: string;
      readonly approveLabel: string | null;
    }
  | { readonly type: 'reminder'; readonly t: number; readonly id: string; readonly step: number }
  | {
      readonly type: 'approve';
      readonly id: string;
      readonly paneKey: string;
      readonly tReq: number;
      readonly tDone: number;
      readonly outcome: string;
      readonly message: string;
    }
  /** Counters of the observer host's tmux client (null from the engine host, whose client is built inside the engine). */
  | { readonly type: 'stats'; readonly t: number; readonly listPanes: number | null; readonly captures: number | null }
  | { readonly type: 'facts'; readonly t: number; readonly count: number }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'stopped'; readonly t: number };

/** One line a host reads: stop, or report counters now. */
export type HostCommand = { readonly cmd: 'stop' } | { readonly cmd: 'stats' };

/** Write one message as a line on stdout. */
export function say(message: HostMessage): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/** Call `onCommand` for each JSON line on stdin; EOF counts as `stop` (the parent died). */
export function listenForCommands(onCommand: (command: HostCommand) => void): void {
  let buf = '';
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    onCommand({ cmd: 'stop' });
  };
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buf += chunk;
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line.trim() === '') continue;
      const command = JSON.parse(line) as HostCommand;
      if (command.cmd === 'stop') stop();
      else onCommand(command);
    }
  });
  process.stdin.on('end', stop);
}
