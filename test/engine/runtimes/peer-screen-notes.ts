/** Shared by the per-runtime peer-screen tests: a runtime's peer screens with their lines, and the note check. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../main/engine/runtimes/common/keys.ts';
import type { RuntimeId, RuntimeModule } from '../../../main/engine/runtimes/types.ts';
import { peerScreens } from '../../support/peer-screens.ts';
import type { PeerScreen } from '../../support/peer-screens.ts';

/** A peer screen with its lines read. */
export type PeerScreenWithLines = PeerScreen & { readonly lines: string[] };

/** The peer screens of one runtime, in index order, with their lines. */
export function peerScreensOf(runtime: RuntimeId): PeerScreenWithLines[] {
  return peerScreens()
    .filter((s) => s.runtime === runtime)
    .map((s) => ({ ...s, lines: readFileSync(s.txt, 'utf8').replace(/\n$/, '').split('\n') }));
}

/** One test per screen: it has a note, and the runtime's parse gives a state, approve and deny key the note allows. */
export function itHoldsToItsNotes(runtime: RuntimeModule, screens: readonly PeerScreenWithLines[]): void {
  for (const peer of screens) {
    it(`${peer.id}: state and keys as its note says`, () => {
      expect(peer.note, `screens/${peer.id}.md is missing`).not.toBeNull();
      const screen = runtime.classify({ lines: peer.lines });
      expect(screen.runtime).toBe(runtime.id);
      expect(peer.note?.states).toContain(screen.kind);
      const keys = screen.kind === 'permission' ? [approveKeyFor(screen), denyKeyFor(screen)] : [null, null];
      expect(keys).toEqual([peer.note?.approveKey, peer.note?.denyKey]);
    });
  }
}
