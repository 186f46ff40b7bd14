/**
 * Copilot CLI 1.0.102 in narrow panes (real captures, test/fixtures/panes/copilot/sizes): the key hint
 * `↑/↓ to navigate · enter to select · esc to cancel` wraps over two to four rows under the options. It is still
 * the hint, so the confirmation is read as confidently as at 120 columns: approve `1` (`Yes`), deny Escape.
 */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { copilotRuntime } from '../../../../main/engine/runtimes/copilot/index.ts';
import { loadSizeCapture } from '../../../support/size-captures.ts';

const capture = (name: string) => loadSizeCapture('copilot', name);

describe('Copilot CLI confirmation with its key hint wrapped', () => {
  for (const width of [20, 30, 40]) {
    it(`keeps approve and deny at ${width} columns`, () => {
      const screen = copilotRuntime.classify(capture(`perm-shell-w${width}`));
      expect(screen.kind).toBe('permission');
      if (screen.kind !== 'permission') return;
      expect(screen.question).toBe('Do you want to run this command?');
      expect(screen.options.map((o) => `${o.key}=${o.kind}`)).toEqual(['1=once', '2=other']);
      expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', 'Escape']);
    });
  }
});
