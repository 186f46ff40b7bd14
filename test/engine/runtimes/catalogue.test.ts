/**
 * The dialog catalogue (issue 29), taken from the CLIs' own packages (test/fixtures/catalogue):
 * - drift: every dialog-looking string extracted from a pinned version is either drawn by a catalogued
 *   dialog or listed under `elsewhere` with why; a new one fails here, by name. Re-running
 *   test/fixtures/catalogue/extract.ts on a new version produces the diff (no CLI is needed here).
 * - reading: every catalogued dialog, drawn as its CLI draws it at 20, 40, 80, 120 and 250 columns, is
 *   read by the runtime's recogniser: its state at every width; where nothing wraps, its question, every
 *   option with its kind, and the approve and deny keys exactly; where rows wrap, the same options and
 *   kinds, a question taken from the dialog's own, and never a key other than the expected one; in a
 *   1000-row pane (blank rows under it) exactly as in a short one.
 */
import { describe, expect, it } from 'vitest';
import { runtimeById } from '../../../main/engine/runtimes/catalog.ts';
import { approveKeyFor, denyKeyFor } from '../../../main/engine/runtimes/common/keys.ts';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import { dialogStringKind } from '../../fixtures/catalogue/dialog-strings.ts';
import { LIVE_CLIS, readPins } from '../../live/install.ts';
import { catalogues } from '../../support/catalogue/catalogue.ts';
import type { CatalogueDialog } from '../../support/catalogue/catalogue.ts';
import { renderDialog } from '../../support/catalogue/render.ts';

const WIDTHS = [20, 40, 80, 120, 250] as const;
const CATALOGUES = catalogues();
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const printed = (o: { label: string; hint?: string }) => (o.hint ? `${o.label} (${o.hint})` : o.label);

/** Does the dialog draw every row unwrapped at this width? */
function fitsIn(d: CatalogueDialog, width: number): boolean {
  return renderDialog(d, width).length === renderDialog(d, 10_000).length;
}

describe('dialog catalogue: drift against the strings in the pinned packages', () => {
  it('has a catalogue for exactly the versions the live suite pins', () => {
    const pins = readPins();
    const pinned = LIVE_CLIS.map((id) => `${id}@${pins[id].version}`).sort();
    expect(CATALOGUES.map((c) => `${c.runtime}@${c.version}`).sort()).toEqual(pinned);
  });

  for (const c of CATALOGUES) {
    const drawn = new Set(c.dialogs.flatMap((d) => d.strings));
    const all = [...c.extracted.question, ...c.extracted.option, ...c.extracted.hint];

    it(`${c.file}: every extracted dialog string is in a catalogued dialog or listed elsewhere with why`, () => {
      const unknown = all.filter((s) => !drawn.has(s) && !(s in c.elsewhere));
      expect(unknown, `new dialog strings in ${c.package}@${c.version}: catalogue them (dialogs or elsewhere)`).toEqual([]);
    });

    it(`${c.file}: the catalogue names no string the package does not have, and each is dialog text`, () => {
      const extracted = new Set(all);
      const stale = [...drawn, ...Object.keys(c.elsewhere)].filter((s) => !extracted.has(s));
      expect(stale, 'strings no longer in the package (re-run extract.ts and drop them)').toEqual([]);
      expect(all.filter((s) => dialogStringKind(s) === null)).toEqual([]);
      for (const reason of Object.values(c.elsewhere)) expect(reason.trim()).not.toBe('');
    });

    it(`${c.file}: each dialog's strings are what it draws`, () => {
      for (const d of c.dialogs) {
        const text = [d.title ?? '', ...(d.body ?? []), ...(d.boxed ?? []), d.question, ...d.options.map((o) => o.label), d.footer];
        for (const s of d.strings)
          expect(
            text.some((t) => t.includes(s)),
            `${d.id} does not draw "${s}"`,
          ).toBe(true);
      }
    });
  }
});

describe('dialog catalogue: every dialog read at every pane width', () => {
  for (const c of CATALOGUES) {
    for (const d of c.dialogs) {
      const runtime = runtimeById(c.runtime as RuntimeId);
      for (const width of WIDTHS) {
        it(`${c.runtime} ${c.version} ${d.id} at ${width} columns`, () => {
          const lines = renderDialog(d, width);
          const screen = runtime.classify({ lines });
          expect(screen.kind, lines.join('\n')).toBe(d.state);
          if (screen.kind !== 'permission' && screen.kind !== 'dialog') return;
          expect(screen.kind === 'dialog' && screen.openedByUser === true).toBe(d.openedByUser === true);
          expect(
            screen.options.map((o) => squash(o.label)),
            lines.join('\n'),
          ).toEqual(d.options.map((o) => squash(printed(o))));
          expect(screen.options.map((o) => o.kind)).toEqual(d.options.map((o) => o.kind));
          const approve = screen.kind === 'permission' ? approveKeyFor(screen) : null;
          const deny = screen.kind === 'permission' ? denyKeyFor(screen) : null;
          if (fitsIn(d, width)) {
            expect(screen.question).toBe(d.readAs ?? d.question);
            expect({ approve, deny }).toEqual({ approve: d.approve, deny: d.deny });
          } else {
            expect(screen.question).not.toBe('');
            expect(squash(d.readAs ?? d.question)).toContain(squash(screen.question));
            // Wrapped: a key may be withheld, never another one.
            expect([d.approve, null]).toContain(approve);
            expect([d.deny, 'Escape', null]).toContain(deny);
          }
        });
      }
      it(`${c.runtime} ${c.version} ${d.id} in a 1000-row pane reads as in a short one`, () => {
        const lines = renderDialog(d, 120);
        const tall = [...lines, ...Array.from({ length: 1000 - lines.length }, () => '')];
        expect(runtime.classify({ lines: tall })).toEqual(runtime.classify({ lines }));
      });
    }
  }
});
