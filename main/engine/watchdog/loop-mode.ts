/** Per-pane loop modes: what, if anything, the watchdog types into an idle agent. */
import type { WatchdogConfig } from './config.ts';

/** `paused`: never type (the default). `task-only`: re-inject the pane's recorded directive. `active`: type the continue message. */
export type LoopMode = 'paused' | 'task-only' | 'active';

/** The default for a pane nobody opted in. */
export const DEFAULT_LOOP_MODE: LoopMode = 'paused';

/** The text a nudge types in this mode, or null when this pane must not be nudged. */
export function nudgeText(mode: LoopMode, cfg: Pick<WatchdogConfig, 'enabled' | 'message'>, directive: string | null): string | null {
  if (!cfg.enabled) return null;
  switch (mode) {
    case 'paused':
      return null;
    case 'task-only':
      return directive !== null && directive.trim() !== '' ? directive : null;
    case 'active':
      return cfg.message.trim() !== '' ? cfg.message : null;
  }
}

/** Whether the watchdog takes care of this pane's idleness (so idle alone opens no attention item). */
export function watchdogHandlesIdle(mode: LoopMode, cfg: Pick<WatchdogConfig, 'enabled' | 'message'>, directive: string | null): boolean {
  return nudgeText(mode, cfg, directive) !== null;
}
