// Rules guarded (pure): only the windows of followed panes are linked into the watcher session, each
// once, never made current; windows no longer followed are unlinked; a window left linked only in
// the watcher session (its user session was killed) is an orphan to close; `%output` lines yield
// their pane id and nothing of the bytes.
import { describe, expect, it } from 'vitest';
import { outputPaneId } from '../../../main/engine/tmux/control-protocol.ts';
import { orphanedWindows, windowLinksArgs } from '../../../main/engine/tmux/watcher-windows.ts';

describe('window links of the watcher session', () => {
  it('links what is wanted and not linked, unlinks what is linked and not wanted', () => {
    const { link, unlink } = windowLinksArgs('trailboss-watch-1-1', new Set(['@1', '@2']), new Set(['@2', '@3']));
    expect(link).toEqual([['link-window', '-d', '-s', '@3', '-t', '=trailboss-watch-1-1:']]);
    expect(unlink).toEqual([['unlink-window', '-k', '-t', '=trailboss-watch-1-1:@1']]);
  });

  it('never links something that is not a window id', () => {
    expect(windowLinksArgs('w', new Set(), new Set(['work:1', '@x', ''])).link).toEqual([]);
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
