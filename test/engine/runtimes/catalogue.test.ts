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
import { renderDialog, renderDialogAnsi } from '../../support/catalogue/render.ts';

const WIDTHS = [20, 40, 80, 120, 250] as const;
const CATALOGUES = catalogues();
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
/** An option as the recogniser reads it: its label, its key hint, the description row under it (Gemini, Qwen). */
const printed = (o: { label: string; hint?: string; description?: string }) =>
  [o.hint ? `${o.label} (${o.hint})` : o.label, o.description ?? ''].join(' ').trim();

/** Is `read` the label `full` cut short with `…` (Ink's `wrap="truncate"`)? */
function isCut(read: string, full: string): boolean {
  const r = squash(read);
  return r.endsWith('…') && r.length <= squash(full).length && squash(full).startsWith(r.slice(0, -1).trimEnd());
}

/** Does the dialog draw every row unwrapped and uncut (no `…` more than at full width) at this width? */
function fitsIn(d: CatalogueDialog, width: number): boolean {
  const cuts = (rows: string[]) => rows.join('\n').split('…').length;
  const [narrow, wide] = [renderDialog(d, width), renderDialog(d, 10_000)];
  return narrow.length === wide.length && cuts(narrow) === cuts(wide);
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
        const text = [
          d.heading ?? '',
          d.title ?? '',
          ...(d.body ?? []),
          ...(d.boxed ?? []),
          d.question,
          ...d.options.flatMap((o) => [o.label, o.description ?? '']),
          d.footer,
        ];
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
          const screen = runtime.classify({ lines, ansiLines: renderDialogAnsi(d, width) });
          if (d.minWidth !== undefined && width < d.minWidth) {
            // The CLI cuts the dialog's rows here: whatever is read, no key but the expected ones.
            const keys = screen.kind === 'permission' ? [approveKeyFor(screen), denyKeyFor(screen)] : [null, null];
            expect([d.approve, null]).toContain(keys[0]);
            expect([d.deny, 'Escape', null]).toContain(keys[1]);
            return;
          }
          expect(screen.kind, lines.join('\n')).toBe(d.state);
          if (screen.kind !== 'permission' && screen.kind !== 'dialog') return;
          expect(screen.kind === 'dialog' && screen.openedByUser === true, 'opened by the user').toBe(d.openedByUser === true);
          expect(screen.options.length, lines.join('\n')).toBe(d.options.length);
          d.options.forEach((o, i) => {
            const read = screen.options[i];
            // Gemini and Qwen cut a label too long for its row with `…`: the cut label is read as drawn, as its own
            // kind or as one never approved.
            if (read && isCut(read.label, printed(o)))
              expect(read.kind === o.kind || read.kind === 'always' || read.kind === 'other').toBe(true);
            else {
              // A word longer than its row is cut over two rows (Ink's hard wrap): the join may split it.
              const same = fitsIn(d, width) ? squash : (s: string) => s.replace(/\s+/g, '');
              expect(same(read?.label ?? ''), lines.join('\n')).toBe(same(printed(o)));
              expect(read?.kind, read?.label).toBe(o.kind);
            }
          });
          const approve = screen.kind === 'permission' ? approveKeyFor(screen) : null;
          const deny = screen.kind === 'permission' ? denyKeyFor(screen) : null;
          if (fitsIn(d, width)) {
            expect(screen.question).toBe(d.readAs ?? d.question);
            expect({ approve, deny }).toEqual({ approve: d.approve, deny: d.deny });
          } else {
            expect(screen.question).not.toBe('');
            // A word longer than its row is cut over two rows: the join may split it.
            const flat = (s: string) => s.replace(/\s+/g, '');
            // A question cut with `…` (Qwen draws it on one row): what shows is the start of the question.
            expect(flat(d.readAs ?? d.question)).toContain(flat(screen.question).replace(/…$/, ''));
            // Wrapped: a key may be withheld, never another one.
            expect([d.approve, null]).toContain(approve);
            expect([d.deny, 'Escape', null]).toContain(deny);
          }
        });
      }
      it(`${c.runtime} ${c.version} ${d.id} in a 1000-row pane reads as in a short one`, () => {
        const lines = renderDialog(d, 120);
        const ansiLines = renderDialogAnsi(d, 120);
        const pad = (rows: readonly string[]) => [...rows, ...Array.from({ length: 1000 - rows.length }, () => '')];
        const tall = runtime.classify({ lines: pad(lines), ansiLines: ansiLines && pad(ansiLines) });
        expect(tall).toEqual(runtime.classify({ lines, ansiLines }));
      });
    }
  }
});
