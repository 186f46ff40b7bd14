/** Live access to watched panes for actions: a fresh capture parsed by the pane's runtime, and key sending. */
import type { PaneLook, PaneAccess } from './types.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { TmuxError } from '../tmux/types.ts';
import type { Reachability } from '../hosts/reachability.ts';
import { LOCAL_ONLY } from '../hosts/reachability.ts';

/** How long a look waits for the observer's first look of its servers (a slow host's is cut off). */
const FIRST_LOOK_WAIT_MS = 10_000;

/**
 * PaneAccess backed by the observer's tmux clients. A pane the observer no longer watches is gone; a
 * pane whose host cannot be reached is not gone — looking at it fails with the host's reason.
 */
export function observerPaneAccess(observer: PaneObserver, reach: Reachability = LOCAL_ONLY): PaneAccess {
  const watched = (key: PaneKey) => {
    const pane = observer.pane(key);
    if (!pane) throw new TmuxError('no-such-pane', 'send-keys', `pane ${key} is not watched`);
    return pane;
  };
  return {
    unreachable: (key) => reach.unreachable(key)?.reason ?? null,
    async look(key: PaneKey): Promise<PaneLook> {
      // An answer that reaches a just-started engine (a phone press that waited out a restart) can come
      // before the observer's first look: only after that look does an unwatched pane mean a gone one.
      if (!observer.pane(key)) await observer.whenFirstLookDone(FIRST_LOOK_WAIT_MS);
      const pane = observer.pane(key);
      if (!pane) return { kind: 'gone' };
      try {
        // Colour is always captured here: a prompt's fingerprint may depend on its highlight.
        const [capture] = await pane.client.capture([{ paneId: pane.info.paneId, colour: true }]);
        if (!capture) return { kind: 'gone' };
        const screen = pane.runtime.classify({ lines: capture.lines, ...(capture.ansiLines ? { ansiLines: capture.ansiLines } : {}) });
        return { kind: 'screen', screen, runtime: pane.runtime };
      } catch (error) {
        if (error instanceof TmuxError && error.kind !== 'failed' && error.kind !== 'unreachable') return { kind: 'gone' };
        throw error;
      }
    },
    provenLook: (key, after, withinMs) => observer.nextProvenLook(key, after, withinMs),
    async sendKeys(key, keys) {
      const pane = watched(key);
      await pane.client.sendKeys(pane.info.paneId, keys);
    },
    async pasteText(key, text) {
      const pane = watched(key);
      await pane.client.pasteText(pane.info.paneId, text);
    },
  };
}
