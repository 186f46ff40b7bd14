/** One agent pane the observer watches: where it is, what runs there, what its screen proved, when to look. */
import type { PaneKey } from '../sessions/facts.ts';
import type { RuntimeModule } from '../runtimes/types.ts';
import type { PaneInfo, TmuxClient } from '../tmux/types.ts';
import type { LookState } from './look-schedule.ts';
import type { TrackerState } from './pane-tracker.ts';

/** One agent pane being watched. */
export interface WatchedPane {
  readonly key: PaneKey;
  readonly client: TmuxClient;
  info: PaneInfo;
  readonly runtime: RuntimeModule;
  tracker: TrackerState;
  /**
   * The second of the last capture on the pane's own tmux server's clock (that of `windowActivity`),
   * or this machine's where the client cannot say; 0 before the first.
   */
  lastCaptureSecond: number;
  look: LookState;
}
