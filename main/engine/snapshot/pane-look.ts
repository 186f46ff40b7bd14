/**
 * Live access to one pane for the restart pipeline, in the shape the actions use (PaneAccess): a
 * fresh capture classified by the pane's runtime, and key/paste sending. The runtime may change
 * mid-restart (Claude → Codex), so it is read through a getter.
 */
import type { PaneAccess, PaneLook } from '../actions/types.ts';
import type { RuntimeModule } from '../runtimes/types.ts';
import type { TmuxClient } from '../tmux/types.ts';

/** PaneAccess over a TmuxClient for the single pane `paneId` (the pane key is only a label here). */
export function paneAccess(tmux: TmuxClient, paneId: string, runtime: () => RuntimeModule): PaneAccess {
  return {
    async look(): Promise<PaneLook> {
      const rt = runtime();
      const [capture] = await tmux.capture([{ paneId, colour: rt.needsColour }]);
      if (!capture) return { kind: 'gone' };
      const screen = rt.classify(capture.ansiLines ? { lines: capture.lines, ansiLines: capture.ansiLines } : { lines: capture.lines });
      return { kind: 'screen', screen, runtime: rt };
    },
    sendKeys: (_key, keys) => tmux.sendKeys(paneId, keys),
    pasteText: (_key, text) => tmux.pasteText(paneId, text),
  };
}
