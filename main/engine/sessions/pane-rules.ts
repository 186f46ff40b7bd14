/** State-machine rules for facts the pane observer reports: seen, gone, screen, unexplained. */
import type { Fact } from './facts.ts';
import type { PaneState, StateMachineConfig } from './pane-state.ts';
import { initialPaneState, isPromptState, stateOfScreen } from './pane-state.ts';
import { enter, paneOverrules, takePane } from './transition.ts';

type FactOf<K extends Fact['kind']> = Extract<Fact, { kind: K }>;

/** R2/R3: a pane seen again after it was gone, or with a new process, starts afresh; else its details update. */
export function applySeen(s: PaneState, f: FactOf<'pane-seen'>): PaneState {
  if (s.state === 'gone' || (s.pid !== null && s.pid !== f.pid)) return initialPaneState(s.pane, f.runtime, f.at, f.target, f.pid);
  return { ...s, runtime: f.runtime, target: f.target, pid: f.pid };
}

/** R4: gone, with the reason. Terminal until the pane is seen again. */
export function applyGone(s: PaneState, f: FactOf<'pane-gone'>): PaneState {
  return { ...enter(s, 'gone', f.at, { source: 'pane' }), goneReason: f.reason };
}

/**
 * R5–R11: a classified screen. Unstable captures are recorded but prove nothing (except a working
 * indicator, taken at once: working never alerts). A prompt or dialog on screen wins over any claim
 * made before it was captured; other screens overrule a claim only after the grace period.
 */
export function applyScreen(s: PaneState, f: FactOf<'screen'>, cfg: StateMachineConfig): PaneState {
  const stable = f.stableCount >= 2 || f.screen.kind === 'working';
  const seen: PaneState = {
    ...s,
    screen: f.screen,
    screenAt: f.at,
    screenStable: stable,
    lastStableAt: stable ? f.at : s.lastStableAt,
    tail: f.tail,
  };
  if (!stable) return seen;
  const implied = stateOfScreen(f.screen.kind);
  const claimed = s.source !== 'pane' && s.claimAt !== null;
  if (implied === 'unknown') {
    // An unrecognised screen replaces earlier pane evidence but never contradicts a hook's claim.
    if (claimed) return seen;
    return enter(seen, 'unknown', f.at, { source: 'pane', needsLook: s.state === 'unknown' && s.needsLook });
  }
  if (!claimed || implied === s.state) return takePane(seen, f.at);
  if (isPromptState(implied)) return f.at >= (s.claimAt ?? 0) ? takePane(seen, f.at) : seen;
  return paneOverrules(seen, f.at, cfg) ? takePane(seen, f.at) : seen;
}

/**
 * R12–R14: the screen stayed unchanged and unexplained. Below the threshold a quiet pane proves
 * nothing. Above it: fail visible ("needs a look") — but a hook's permission/dialog claim already
 * says it waits and says for what, so it stays and only gains the flag and the tail.
 */
export function applyUnexplained(s: PaneState, f: FactOf<'unexplained'>, cfg: StateMachineConfig): PaneState {
  const withTail: PaneState = { ...s, tail: f.tail };
  if (f.forMs < cfg.unexplainedMs) return withTail;
  if (s.source !== 'pane' && isPromptState(s.state)) return { ...withTail, needsLook: true };
  return enter(withTail, 'unknown', f.at, { source: 'pane', needsLook: true });
}
