/**
 * Runs the terminal UI until the user quits, a signal arrives or it crashes: the client core over
 * the Node bridge, drawn by Ink in the alternate screen; the terminal is restored on every path.
 * Loaded lazily by `trailboss tui` only, so no other command pays for Ink and React.
 */
import { render } from 'ink';
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

/** Runs the UI; resolves with the exit code (0 quit, 1 crash, 128 + n after signal n). */
export async function runTui(input: RunTuiInput): Promise<number> {
  const bridge = nodeBridge(input.endpoint);
  const stores = { queue: createQueueStore(), settings: createSettingsStore(), activity: createActivityStore(), app: createAppStore() };
  stores.queue.getState().queueLoaded(input.queue);
  const controller = createController({ bridge, stores, clock: input.clock });
  const ticker = createTicker(input.clock);
  let code = 0;
  const instance = render(
    <DepsProvider deps={{ stores, controller, ticker }}>
      <TuiApp options={input.options} />
    </DepsProvider>,
    { alternateScreen: true, exitOnCtrlC: true, patchConsole: false },
  );
  const stop = (exitCode: number) => {
    code = exitCode;
    instance.unmount();
  };
  const guard = guardTerminal({ stdout: process.stdout, stdin: process.stdin }, process, {
    onSignal: (signal) => stop(128 + SIGNAL_NUMBERS[signal]),
    onCrash: (error) => {
      input.stderr(`trailboss tui: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      stop(1);
    },
  });
  const onAbort = () => stop(code === 0 ? 130 : code);
  input.stopSignal.addEventListener('abort', onAbort, { once: true });
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
    stopTicker();
    stopController();
    guard.release();
  }
  return code;
}
