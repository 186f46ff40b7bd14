/**
 * When Escape was last sent into each pane, so text typed right after waits (Claude reads ESC followed
 * by a character as Meta-char). One record for the whole engine — a deny from the tray is followed by a
 * reply from the CLI just the same — and it keeps only what can still matter: an entry older than the
 * pause is dropped when read, and a pane that went is forgotten (the engine calls `forget` on pane-gone).
 */
import type { PaneKey } from '../sessions/facts.ts';

/** Pause needed after an Escape before typing (Claude reads ESC followed by a char as Meta-char). */
export const ESCAPE_PAUSE_MS = 1000;

/** Per-pane time of the last Escape, bounded by the panes that exist and by the pause. */
export class EscapeTimes {
  private readonly at = new Map<PaneKey, number>();

  /** Record keys sent into `pane` at `now` (only an Escape among them is kept). */
  noteSent(pane: PaneKey, keys: readonly string[], now: number): void {
    if (keys.includes('Escape')) this.at.set(pane, now);
  }

  /** When Escape was last sent into `pane`, if within the pause before `now`; an older entry is dropped. */
  lastAt(pane: PaneKey, now: number): number | null {
    const at = this.at.get(pane);
    if (at === undefined) return null;
    if (now - at < ESCAPE_PAUSE_MS) return at;
    this.at.delete(pane);
    return null;
  }

  /** The pane is gone: nothing is kept for it. */
  forget(pane: PaneKey): void {
    this.at.delete(pane);
  }

  /** How many panes have an entry (the soak bench and tests watch it stay bounded). */
  get size(): number {
    return this.at.size;
  }
}
