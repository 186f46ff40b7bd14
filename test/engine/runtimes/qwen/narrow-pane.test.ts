/**
 * Qwen Code 0.24.4 in narrow panes (real captures, test/fixtures/panes/qwen/sizes): at 20 and 30 columns the CLI
 * cuts its question (`Allow execu…`), labels (`No, suggest chan…`) and waiting line (`⠏ Waiting for user` / `…`)
 * at the edge. That is still the tool confirmation, a permission. A cut label is never read as once or no: at 20
 * columns every label is cut (`Yes, a…`), so approve is withheld (never a guess); at 30 `Yes, allow once` is
 * whole, so approve stays `1`. The cut No row is no deny key: Escape, which cancels at this prompt, is.
 */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { qwenRuntime } from '../../../../main/engine/runtimes/qwen/index.ts';
import { loadSizeCapture } from '../../../support/size-captures.ts';

const capture = (name: string) => loadSizeCapture('qwen', name);

describe('Qwen Code confirmation cut by a narrow pane', () => {
  for (const [width, approve] of [
    [20, null],
    [30, '1'],
  ] as const) {
    it(`is a permission with approve ${approve ?? 'withheld'} and deny Escape at ${width} columns`, () => {
      const screen = qwenRuntime.classify(capture(`perm-shell-w${width}`));
      expect(screen.kind).toBe('permission');
      if (screen.kind !== 'permission') return;
      expect(screen.question).toMatch(/^Allow execu.*…$/);
      expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual([approve, 'Escape']);
    });
  }

  it('keeps approve 1 at 40 columns, where "Yes, allow once" and the question are whole', () => {
    const screen = qwenRuntime.classify(capture('perm-shell-w40'));
    expect(screen.kind === 'permission' && [approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', '4']);
  });
});

describe('Qwen Code idle in a 20-column pane', () => {
  it('reads the empty composer whose placeholder the terminal wrapped mid-word as idle with no draft', () => {
    const screen = qwenRuntime.classify(capture('idle-w20'));
    expect(screen).toMatchObject({ kind: 'idle', draft: '' });
  });
});
