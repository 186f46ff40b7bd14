/**
 * Gemini CLI 0.61.0 in narrow panes (real captures, test/fixtures/panes/gemini/sizes): at 20 and 30 columns the
 * question wraps (`Allow execution` / `of [Shell]?`) and the CLI cuts the longer labels with `…`. The prompt is
 * still the tool confirmation: "Allow once" is drawn whole, so approve keeps `1`; the cut "No, sugges…" row is not
 * read as a no (what it says is not all on screen), so deny is Escape, which cancels at this prompt.
 */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { geminiRuntime } from '../../../../main/engine/runtimes/gemini/index.ts';
import { loadSizeCapture } from '../../../support/size-captures.ts';

const capture = (name: string) => loadSizeCapture('gemini', name);

describe('Gemini CLI tool confirmation at narrow widths', () => {
  for (const width of [20, 30]) {
    it(`is a permission with its wrapped question read whole at ${width} columns`, () => {
      const screen = geminiRuntime.classify(capture(`perm-shell-w${width}`));
      expect(screen.kind).toBe('permission');
      if (screen.kind !== 'permission') return;
      expect(screen.question).toBe('Allow execution of [Shell]?');
      expect(screen.options.map((o) => o.kind)).toEqual(['once', 'always', 'other']);
      expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', 'Escape']);
    });
  }
});
