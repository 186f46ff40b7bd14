/**
 * The safety invariant over the dialog catalogue (issue 29): every catalogued dialog, drawn as its CLI draws it
 * at 20 to 250 columns and in a 1000-row pane, read by its runtime: an approve key only on a confident read and
 * only where the independent screen oracle sees it land on a single-use option, a deny key only where it lands on
 * a no, and no key at all on a dialog (a dialog is never answered by approve or deny).
 */
import { describe, expect, it } from 'vitest';
import { runtimeById } from '../../../main/engine/runtimes/catalog.ts';
import { approveKeyFor, denyKeyFor } from '../../../main/engine/runtimes/common/keys.ts';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import { catalogues } from '../../support/catalogue/catalogue.ts';
import { renderDialog, renderDialogAnsi } from '../../support/catalogue/render.ts';
import { landsOnDeny, landsOnSingleUse } from '../../support/safety/screen-oracle.ts';

const WIDTHS = [20, 30, 40, 60, 80, 100, 120, 250] as const;
/**
 * The runtimes checked here. Claude Code's and Codex's catalogued prompts are read right in narrow panes (their
 * recognisers join `3. No, and tell Claude what to do` / `differently (esc)`), but the oracle reads a wrapped label
 * by its first row only and so cannot judge them there (`No, and tell Claude what to do` at 40 columns, `Yes,
 * proceed` without its `(y)` at 20): they join once the oracle joins wrapped rows.
 */
const CHECKED = new Set(['copilot', 'opencode', 'gemini', 'qwen', 'auggie']);
const tall = (rows: readonly string[]) => [...rows, ...Array.from({ length: 1000 - rows.length }, () => '')];

describe('safety invariant over every catalogued dialog at every width', () => {
  for (const c of catalogues().filter((x) => CHECKED.has(x.runtime))) {
    for (const d of c.dialogs) {
      it(`${c.runtime} ${c.version} ${d.id}`, () => {
        const runtime = runtimeById(c.runtime as RuntimeId);
        const problems: string[] = [];
        for (const width of WIDTHS) {
          for (const pane of ['short', 'tall'] as const) {
            const plain = renderDialog(d, width);
            const colour = renderDialogAnsi(d, width);
            const lines = pane === 'tall' ? tall(plain) : plain;
            const ansiLines = colour && pane === 'tall' ? tall(colour) : colour;
            const screen = runtime.classify({ lines, ...(ansiLines ? { ansiLines } : {}) });
            const at = `${width} columns, ${pane}`;
            if (screen.kind !== 'permission') continue;
            const approve = approveKeyFor(screen);
            if (approve !== null && screen.confidence !== 'high') problems.push(`${at}: approve on a low-confidence read`);
            if (approve !== null && !landsOnSingleUse(approve, lines, ansiLines))
              problems.push(`${at}: approve '${approve}' does not land on a single-use option`);
            const deny = denyKeyFor(screen);
            if (deny !== null && !landsOnDeny(deny, lines, ansiLines)) problems.push(`${at}: deny '${deny}' does not land on a no`);
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }
});
