/**
 * The watchdog as the engine's settings describe it: the scheduler's tunables from the config file, and
 * a pane's effective loop mode. Shared by the composition root, the settings view and the API.
 */
import type { Config } from '../config/index.ts';
import type { Pane } from '../store/index.ts';
import type { WatchdogConfig } from './config.ts';
import type { LoopMode } from './loop-mode.ts';

/** The engine config's watchdog section as the scheduler reads it. */
export function watchdogConfigOf(config: Config): WatchdogConfig {
  const w = config.watchdog;
  // An explicit list (from the settings form) wins; otherwise first delay × factor, capped.
  const backoffMs = w.backoffMs ?? Array.from({ length: w.maxNudges }, (_, i) => Math.min(w.capMs, w.firstDelayMs * w.factor ** i));
  return {
    enabled: w.enabled,
    message: w.message,
    backoffMs,
    factor: w.factor,
    capMs: w.capMs,
    maxTries: w.maxNudges,
    humanActiveMs: w.humanActiveWindowMs,
    dismissKnownDialogs: w.dismissKnownDialogs,
    workResetMs: w.workResetMs,
    recheckMs: w.recheckMs,
  };
}

/** A pane's effective loop mode: the user's own choice (paused included), else the first matching config rule, else paused. */
export function loopModeOf(pane: Pane, config: Config): LoopMode {
  if (pane.loopModeExplicit) return pane.loopMode;
  const session = pane.target.slice(0, Math.max(0, pane.target.lastIndexOf(':')));
  for (const rule of config.watchdog.rules) {
    if (rule.runtime && rule.runtime !== pane.runtime) continue;
    if (rule.sessionPattern && !new RegExp(rule.sessionPattern).test(session)) continue;
    return rule.mode;
  }
  return 'paused';
}
