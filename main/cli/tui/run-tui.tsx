/**
 * Runs the terminal UI until the user quits, a signal arrives or it crashes: the client core over
 * the Node bridge, drawn by Ink in the alternate screen; the terminal is restored on every path.
 * Loaded lazily by `trailboss tui` only, so no other command pays for Ink and React.
 */
import { render, type Instance, type RenderOptions } from 'ink';
import type { ReactNode } from 'react';
import type { QueueItemDto } from '../../../preload/contract/index.ts';
import { createController } from '../../../client/controller/controller.ts';
import type { RendererClock } from '../../../client/controller/deps.ts';
import { DepsProvider } from '../../../client/react/context.tsx';
import { createActivityStore } from '../../../client/store/activity-store.ts';
import { createAppStore } from '../../../client/store/app-store.ts';
import { createQueueStore } from '../../../client/store/queue-store.ts';
import { createSettingsStore } from '../../../client/store/settings-store.ts';
import { createTicker } from '../../../client/ticker.ts';
import { nodeBridge, type EngineEndpoint } from './node-bridge.ts';
import { guardTerminal } from './terminal-guard.ts';
import { TuiApp, type TuiOptions } from './tui-app.tsx';

/** What the UI runs on. */
export interface RunTuiInput {
  readonly endpoint: EngineEndpoint;
  /** The queue as just read (the first frame shows it without waiting for another round trip). */
  readonly queue: readonly QueueItemDto[];
  readonly options: TuiOptions;
  readonly clock: RendererClock;
  /** Aborted on SIGINT/SIGTERM by the CLI's entry point. */
  readonly stopSignal: AbortSignal;
  readonly stderr: (text: string) => void;
}

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

/** Whether an error says the terminal is gone (its pty was closed under us). */
function isTerminalGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EIO' || code === 'ENXIO' || code === 'EBADF' || (error instanceof Error && /\bEIO\b/.test(error.message));
}

/** The terminal the UI draws on and reads from. */
export interface TuiTerminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
}

/**
 * Ink's render with the terminal in raw mode before the first frame is drawn. Ink turns raw mode on
 * only in an effect after it has drawn; a key pressed in between reached the tty's line discipline,
 * which echoed it and turned Enter into "\n" (Ink reads that as Ctrl+J, not Enter), so an Enter
 * pressed as the list appeared was lost. Ink's own count of raw-mode users is unchanged: it turns raw
 * mode off again when it unmounts, and the terminal guard covers every other exit.
 */
export function renderInRawMode(node: ReactNode, terminal: TuiTerminal, options: Omit<RenderOptions, 'stdin' | 'stdout'>): Instance {
  if (terminal.stdin.isTTY) terminal.stdin.setRawMode(true);
  return render(node, { ...options, stdin: terminal.stdin, stdout: terminal.stdout });
}

/** Runs the UI; resolves with the exit code (0 quit, 1 crash, 128 + n after signal n). */
export async function runTui(input: RunTuiInput): Promise<number> {
  const bridge = nodeBridge(input.endpoint);
  const stores = { queue: createQueueStore(), settings: createSettingsStore(), activity: createActivityStore(), app: createAppStore() };
  stores.queue.getState().queueLoaded(input.queue);
  const controller = createController({ bridge, stores, clock: input.clock });
  const ticker = createTicker(input.clock);
  let code = 0;
  const instance = renderInRawMode(
    <DepsProvider deps={{ stores, controller, ticker }}>
      <TuiApp options={input.options} />
    </DepsProvider>,
    { stdin: process.stdin, stdout: process.stdout },
    // interactive: the command has checked that stdin and stdout are a terminal; Ink alone would draw
    // nothing but the last frame wherever CI or CONTINUOUS_INTEGRATION is set (a developer shell, a runner).
    { alternateScreen: true, exitOnCtrlC: true, patchConsole: false, interactive: true },
  );
  const stop = (exitCode: number) => {
    code = exitCode;
    try {
      instance.unmount();
    } catch {
      // A terminal that is gone cannot be drawn on; the guard restores what can be, the CLI exits.
    }
  };
  // The terminal went away (SIGHUP; its tmux server was killed, the SSH link dropped; stdin ends or a
  // read or write fails with EIO). Nobody can see or answer the UI any more, and a dead terminal
  // cannot be unmounted cleanly (every write fails, and Node aborts on exit when it cannot reset the
  // tty): restore what still can be, stop listening, and die of the hangup as a terminal program does.
  let hungUp = false;
  const hangUp = () => {
    if (hungUp) return;
    hungUp = true;
    guard.restore();
    guard.release();
    // Ink's exit hook (signal-exit) also listens and would swallow the signal: the hangup is ours.
    process.removeAllListeners('SIGHUP');
    process.kill(process.pid, 'SIGHUP');
  };
  const guard = guardTerminal({ stdout: process.stdout, stdin: process.stdin }, process, {
    onSignal: (signal) => (signal === 'SIGHUP' ? hangUp() : stop(128 + SIGNAL_NUMBERS[signal])),
    onCrash: (error) => {
      if (isTerminalGone(error)) return hangUp();
      input.stderr(`trailboss tui: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      stop(1);
    },
  });
  const onAbort = () => stop(code === 0 ? 130 : code);
  input.stopSignal.addEventListener('abort', onAbort, { once: true });
  process.stdin.once('end', hangUp);
  process.stdin.once('error', hangUp);
  process.stdout.once('error', hangUp);
  const stopController = controller.start();
  const stopTicker = ticker.start();
  try {
    await instance.waitUntilExit();
  } catch (error) {
    guard.restore();
    input.stderr(`trailboss tui: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  } finally {
    input.stopSignal.removeEventListener('abort', onAbort);
    process.stdin.off('end', hangUp);
    process.stdin.off('error', hangUp);
    process.stdout.off('error', hangUp);
    stopTicker();
    stopController();
    guard.release();
  }
  return code;
}
