/**
 * opencode 1.18.33 in narrow panes (real captures, test/fixtures/panes/opencode/sizes):
 * - 40–80 columns: the key hints are cut at the edge (`enter con`) or moved to a row of their own under the
 *   buttons; the buttons are whole, so approve stays Enter on the highlighted `Allow once`.
 * - 30 columns: the edge cuts the buttons (`Allow once   Allow alway`, no `Reject`): a permission whose options
 *   cannot all be known, so approve is withheld; Escape still rejects.
 * - 20 columns: the title is cut mid-word (`△Permissio` / `n require` / `d`) and the buttons wrap: still the
 *   permission, approve withheld, Escape rejects.
 */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';
import { loadSizeCapture } from '../../../support/size-captures.ts';

const capture = (name: string) => loadSizeCapture('opencode', name);

describe('opencode permission at narrow widths', () => {
  for (const width of [40, 60, 80]) {
    it(`reads the whole button row at ${width} columns: approve Enter, deny Escape`, () => {
      const screen = opencodeRuntime.classify(capture(`perm-shell-w${width}`));
      expect(screen.kind).toBe('permission');
      if (screen.kind !== 'permission') return;
      expect(screen.options.map((o) => `${o.label}=${o.kind}`)).toEqual(['Allow once=once', 'Allow always=always', 'Reject=deny']);
      expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['Enter', 'Escape']);
    });
  }

  for (const width of [20, 30]) {
    it(`is a permission with approve withheld where the pane cuts the buttons (${width} columns)`, () => {
      const screen = opencodeRuntime.classify(capture(`perm-shell-w${width}`));
      expect(screen.kind).toBe('permission');
      if (screen.kind !== 'permission') return;
      expect(screen.question).toBe('Permission required');
      expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual([null, 'Escape']);
    });
  }
});
