/** settledLooks: a look answers only once two looks in a row agree; a screen that never holds still is unknown. */
import { describe, expect, it } from 'vitest';
import type { PaneAccess, PaneLook } from '../../../main/engine/actions/types.ts';
import { settledLooks } from '../../../main/engine/actions/settled-look.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { claudeRuntime } from '../../../main/engine/runtimes/claude/index.ts';
import type { Screen } from '../../../main/engine/runtimes/types.ts';

const idle = (draft: string): PaneLook => ({ kind: 'screen', runtime: claudeRuntime, screen: { kind: 'idle', runtime: 'claude', draft } });
const midRepaint: PaneLook = { kind: 'screen', runtime: claudeRuntime, screen: { kind: 'unknown', runtime: 'claude' } };

/** A pane that shows `looks` in turn (the last one forever) and counts the captures. */
function pane(looks: PaneLook[]) {
  let i = 0;
  const access: PaneAccess = {
    look: async () => looks[Math.min(i++, looks.length - 1)]!,
    sendKeys: async () => undefined,
    pasteText: async () => undefined,
  };
  return { access, captures: () => i };
}

const screenOf = (look: PaneLook): Screen | null => (look.kind === 'screen' ? look.screen : null);

describe('settledLooks', () => {
  it('looks past a half-drawn capture to the screen that holds', async () => {
    const p = pane([midRepaint, idle('continue'), idle('continue')]);
    const look = await settledLooks(p.access, systemClock, { gapMs: 1, maxLooks: 5 }).look('k');
    expect(screenOf(look)).toEqual({ kind: 'idle', runtime: 'claude', draft: 'continue' });
    expect(p.captures()).toBe(3);
  });

  it('answers after two captures when the screen is still', async () => {
    const p = pane([idle('')]);
    await settledLooks(p.access, systemClock, { gapMs: 1, maxLooks: 5 }).look('k');
    expect(p.captures()).toBe(2);
  });

  it('reports a screen that never holds still as unknown, never idle', async () => {
    const p = pane([idle('a'), idle('ab'), idle('abc'), idle('abcd')]);
    const look = await settledLooks(p.access, systemClock, { gapMs: 1, maxLooks: 3 }).look('k');
    expect(screenOf(look)).toEqual({ kind: 'unknown', runtime: 'claude' });
    expect(p.captures()).toBe(3);
  });

  it('reports a pane that went as gone', async () => {
    const p = pane([{ kind: 'gone' }]);
    expect(await settledLooks(p.access, systemClock, { gapMs: 1, maxLooks: 3 }).look('k')).toEqual({ kind: 'gone' });
  });
});
