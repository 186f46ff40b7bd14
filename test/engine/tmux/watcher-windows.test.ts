// Rules guarded (pure): only the windows of followed panes are linked into the watcher session, each
// once, never made current, each at the back at an index never used before on the connection; windows no
// longer followed are unlinked; a busy pane's window moves to the lowest free front index and back to a
// fresh back index, always named by id within the watcher session (an id alone could resolve to a user's
// session); a refused move leaves it where it was; a window left linked only in the watcher session (its
// user session was killed) is an orphan to close; `%output` lines yield their pane id and nothing of the bytes.
import { describe, expect, it } from 'vitest';
import { outputPaneId } from '../../../main/engine/tmux/control-protocol.ts';
import { BACK_FIRST, FRONT_FIRST, WatcherWindows, orphanedWindows } from '../../../main/engine/tmux/watcher-windows.ts';

describe('windows of the watcher session', () => {
  it('links what is wanted and not linked, at fresh back indexes, and unlinks what is linked and not wanted', () => {
    const w = new WatcherWindows('trailboss-watch-1-1');
    expect(w.sync(new Set(['@1', '@2'])).link.map((l) => l.args)).toEqual([
      ['link-window', '-d', '-s', '@1', '-t', `=trailboss-watch-1-1:${BACK_FIRST}`],
      ['link-window', '-d', '-s', '@2', '-t', `=trailboss-watch-1-1:${BACK_FIRST + 1}`],
    ]);
    const { link, unlink } = w.sync(new Set(['@2', '@3']));
    expect(link.map((l) => l.args)).toEqual([['link-window', '-d', '-s', '@3', '-t', `=trailboss-watch-1-1:${BACK_FIRST + 2}`]]);
    expect(unlink.map((l) => l.args)).toEqual([['unlink-window', '-k', '-t', '=trailboss-watch-1-1:@1']]);
    expect([...w.windows()]).toEqual(['@2', '@3']);
    // Linked again later, a window never takes an index used before (a late reply cannot collide).
    expect(w.sync(new Set(['@1', '@2', '@3'])).link[0]?.args.at(-1)).toBe(`=trailboss-watch-1-1:${BACK_FIRST + 3}`);
  });

  it('never links something that is not a window id', () => {
    expect(new WatcherWindows('w').sync(new Set(['work:1', '@x', ''])).link).toEqual([]);
  });

  it('moves a window to the lowest free front index and back to a fresh back index, by id within its session', () => {
    const w = new WatcherWindows('s');
    w.sync(new Set(['@1', '@2', '@3']));
    expect(w.toFront('@2')?.args).toEqual(['move-window', '-d', '-s', '=s:@2', '-t', `=s:${FRONT_FIRST}`]);
    expect(w.toFront('@2')).toBeNull(); // there already
    expect(w.toFront('@3')?.args.at(-1)).toBe(`=s:${FRONT_FIRST + 1}`);
    expect(w.atFront('@2') && w.atFront('@3') && !w.atFront('@1')).toBe(true);
    expect(w.toBack('@2')?.args).toEqual(['move-window', '-d', '-s', '=s:@2', '-t', `=s:${BACK_FIRST + 3}`]);
    expect(w.toBack('@1')).toBeNull();
    // The freed front index is taken again first.
    expect(w.toFront('@1')?.args.at(-1)).toBe(`=s:${FRONT_FIRST}`);
    expect(w.toFront('@9')).toBeNull(); // not linked
  });

  it('leaves a window where it was when tmux refuses the move, unless it has gone meanwhile', () => {
    const w = new WatcherWindows('s');
    w.sync(new Set(['@1', '@2']));
    const move = w.toFront('@1')!;
    w.moveRefused(move);
    expect(w.atFront('@1')).toBe(false);
    expect(w.toFront('@1')?.args.at(-1)).toBe(`=s:${FRONT_FIRST}`);
    const gone = w.toBack('@1')!;
    w.removed('@1');
    w.moveRefused(gone);
    expect(w.windows().has('@1')).toBe(false);
  });

  it('finds the linked windows no other session holds', () => {
    expect(orphanedWindows(['@0 1', '@3 1', '@4 2', '@9 1'], new Set(['@3', '@4']))).toEqual(['@3']);
  });
});

describe('outputPaneId', () => {
  it('reads the pane of %output and %extended-output, nothing else', () => {
    expect(outputPaneId('%output %12 hello\\015\\012')).toBe('%12');
    expect(outputPaneId('%extended-output %7 0 : \\033[2J')).toBe('%7');
    expect(outputPaneId('%pause %7')).toBeNull();
    expect(outputPaneId('%outputs %1 x')).toBeNull();
    expect(outputPaneId('%output %3')).toBeNull();
  });
});
