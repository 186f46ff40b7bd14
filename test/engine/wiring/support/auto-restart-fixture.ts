/** Test helper: an AutoRestart over one Claude session, a manual clock and a recording restart. */
import type { ClaudeSessionContext } from '../../../../main/engine/claude-signals/session-directory.ts';
import { MemoryLogger } from '../../../../main/engine/platform/log.ts';
import type { PaneState } from '../../../../main/engine/sessions/pane-state.ts';
import { AutoRestart } from '../../../../main/engine/wiring/auto-restart.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

/** A local Claude session in pane `S:/x|%1` that ended its turn, reading `transcriptPath`; fields overridable. */
export function claudeSession(transcriptPath: string, overrides: Partial<ClaudeSessionContext> = {}): ClaudeSessionContext {
  return {
    sessionId: 's',
    host: null,
    pane: 'S:/x|%1',
    transcriptPath,
    cwd: '/tmp',
    lastEvent: 'Stop',
    lastSignal: null,
    lastAt: 0,
    lastAssistantMessage: null,
    ended: false,
    ...overrides,
  };
}

/** AutoRestart over `session` with every pane in `state`; the panes it restarts are recorded in `restarts`. */
export function autoRestartOver(session: ClaudeSessionContext, state: PaneState['state'] = 'idle', threshold = 80) {
  const restarts: string[] = [];
  const clock = new ManualClock(1_000_000);
  const logger = new MemoryLogger();
  const auto = new AutoRestart({
    clock,
    logger,
    threshold: () => threshold,
    sessions: () => [session],
    stateOf: () => ({ state }) as PaneState,
    restart: async (pane) => {
      restarts.push(pane);
      return { outcome: 'confirmed', message: 'ok' };
    },
  });
  return { auto, restarts, clock, logger };
}
