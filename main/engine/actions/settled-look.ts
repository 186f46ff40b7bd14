/**
 * A look at a pane that waits for the screen to hold still. A capture taken while the agent
 * redraws (a full-screen repaint arrives in several pty chunks) shows a half-drawn screen that
 * classifies as `unknown`; the watchdog read that as "not at the input prompt" and withheld Enter
 * after pasting its nudge, leaving the text in the agent's input line — where the draft gate then
 * blocked every later nudge.
 */
import { sleep } from '../platform/clock.ts';
import type { PaneAccess, PaneLook } from './types.ts';
import type { Clock } from '../platform/clock.ts';

/** How many looks at most, and how far apart. */
export interface SettleOptions {
  readonly gapMs: number;
  readonly maxLooks: number;
}

/** Defaults: a repaint takes a few ms; five looks 30 ms apart cover a slow one on a loaded machine. */
export const DEFAULT_SETTLE: SettleOptions = { gapMs: 30, maxLooks: 5 };

/** Whether two looks read the same: both gone, or the same runtime showing the same screen. */
export function sameLook(a: PaneLook, b: PaneLook): boolean {
  if (a.kind === 'gone' || b.kind === 'gone') return a.kind === b.kind;
  return a.runtime.id === b.runtime.id && JSON.stringify(a.screen) === JSON.stringify(b.screen);
}

/**
 * `panes` whose `look` answers only when two looks in a row classify the same. A screen that never
 * holds still is reported as `unknown` (never idle): nothing is typed into what cannot be read.
 */
export function settledLooks(panes: PaneAccess, clock: Clock, opts: SettleOptions = DEFAULT_SETTLE): PaneAccess {
  return {
    sendKeys: (key, keys) => panes.sendKeys(key, keys),
    pasteText: (key, text) => panes.pasteText(key, text),
    // The observer's proven looks already held still (two captures that agree): passed on as they are.
    ...(panes.provenLook ? { provenLook: panes.provenLook.bind(panes) } : {}),
    async look(key) {
      let previous = await panes.look(key);
      for (let i = 1; i < opts.maxLooks; i++) {
        await sleep(clock, opts.gapMs);
        const next = await panes.look(key);
        if (sameLook(previous, next)) return next;
        previous = next;
      }
      return previous.kind === 'gone'
        ? previous
        : { kind: 'screen', runtime: previous.runtime, screen: { kind: 'unknown', runtime: previous.runtime.id } };
    },
  };
}
