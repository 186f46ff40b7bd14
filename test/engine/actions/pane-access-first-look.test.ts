/**
 * A pane the observer does not watch yet is not taken for a gone one before the observer's first look:
 * an engine just started can be asked to act (a phone press that waited out a restart) before it has
 * listed its servers' panes. The observer here is a stand-in for its two methods the access uses.
 */
import { describe, expect, it } from 'vitest';
import { observerPaneAccess } from '../../../main/engine/actions/pane-access.ts';
import type { PaneObserver } from '../../../main/engine/observe/observer.ts';
import { claudeRuntime } from '../../../main/engine/runtimes/claude/index.ts';

function observerSeeingPaneAfterFirstLook(seen: boolean) {
  let firstLookDone = false;
  let release: () => void = () => undefined;
  const pane = {
    info: { paneId: '%1' },
    runtime: claudeRuntime,
    client: { capture: async () => [{ lines: ['╭─╮', '│ > │', '╰─╯'] }] },
  };
  const observer = {
    pane: () => (firstLookDone && seen ? pane : undefined),
    whenFirstLookDone: () => new Promise<void>((r) => (release = r)),
  } as unknown as PaneObserver;
  return {
    observer,
    finishFirstLook: () => {
      firstLookDone = true;
      release();
    },
  };
}

describe('observerPaneAccess before the observer’s first look', () => {
  it('waits for the first look and then reads the pane it found', async () => {
    const { observer, finishFirstLook } = observerSeeingPaneAfterFirstLook(true);
    const look = observerPaneAccess(observer).look('sock|%1');
    let settled = false;
    void look.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    finishFirstLook();
    expect((await look).kind).toBe('screen');
  });

  it('answers gone when the first look did not find the pane either', async () => {
    const { observer, finishFirstLook } = observerSeeingPaneAfterFirstLook(false);
    const look = observerPaneAccess(observer).look('sock|%1');
    finishFirstLook();
    expect(await look).toEqual({ kind: 'gone' });
  });
});
