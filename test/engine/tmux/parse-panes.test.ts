import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_SEPARATOR } from '../../../main/engine/tmux/formats.ts';
import { parsePaneLine, parsePaneList } from '../../../main/engine/tmux/parse-panes.ts';

// Recorded with PANE_FORMAT from tmux 3.3a (see the record notes in fixtures/README.md).
const recorded = readFileSync(new URL('./fixtures/list-panes.tmux-3.3a.txt', import.meta.url), 'utf8');

function line(
  fields: Partial<
    Record<
      'id' | 'session' | 'sid' | 'wid' | 'widx' | 'pidx' | 'pid' | 'w' | 'h' | 'alt' | 'dead' | 'act' | 'cmd' | 'path' | 'title',
      string
    >
  > = {},
): string {
  const f = {
    id: '%3',
    sid: '$1',
    wid: '@2',
    widx: '1',
    pidx: '0',
    pid: '4242',
    w: '120',
    h: '40',
    alt: '0',
    dead: '0',
    act: '1795218369',
    session: 'work',
    cmd: 'claude',
    path: '/home/dev/p',
    title: 'x',
    ...fields,
  };
  return [f.id, f.sid, f.wid, f.widx, f.pidx, f.pid, f.w, f.h, f.alt, f.dead, f.act, f.session, f.cmd, f.path, f.title].join(
    FIELD_SEPARATOR,
  );
}

describe('parsePaneList over recorded tmux 3.3a output', () => {
  const panes = parsePaneList(recorded);

  it('reads every pane of the recording', () => {
    expect(panes.map((p) => p.paneId)).toEqual(['%5', '%2', '%3', '%4', '%0', '%1']);
  });

  it('reads ids, indexes, size, pid and activity as typed values', () => {
    expect(panes.find((p) => p.paneId === '%1')).toEqual({
      paneId: '%1',
      sessionName: 'work',
      sessionId: '$0',
      windowIndex: 1,
      windowId: '@1',
      paneIndex: 0,
      target: 'work:1.0',
      pid: 4157,
      currentCommand: 'sleep',
      currentPath: '/tmp/tb-tmux-W9318P',
      width: 120,
      height: 40,
      alternateOn: false,
      dead: false,
      windowActivity: 1795218369,
      title: 'vm',
    });
  });

  it('keeps a unicode title with separators of other tools intact', () => {
    expect(panes.find((p) => p.paneId === '%0')?.title).toBe('✳ Claude Code · a|b');
  });

  it('reads dead panes (remain-on-exit) with their dead flag', () => {
    expect(panes.filter((p) => p.dead).map((p) => p.paneId)).toEqual(['%2', '%3']);
  });

  it('reads the alternate-screen flag', () => {
    expect(panes.filter((p) => p.alternateOn).map((p) => p.paneId)).toEqual(['%5']);
  });

  it('shows a path with a separator and a newline in it as one field, control characters as ?', () => {
    const odd = panes.find((p) => p.paneId === '%4');
    expect(odd?.currentPath).toBe('/tmp/tb-tmux-W9318P/dir?with?newline é');
    expect(odd?.sessionName).toBe('odd_name_x');
    expect(odd?.target).toBe('odd_name_x:0.0');
    expect([odd?.width, odd?.height]).toEqual([80, 24]);
  });
});

describe('parsePaneLine edge cases', () => {
  it('parses a well-formed hand-written record', () => {
    expect(parsePaneLine(line({ title: '⚡ 日本語 🚀' }))?.title).toBe('⚡ 日本語 🚀');
  });

  it('rejects a record with an extra field (a separator leaked into a field)', () => {
    expect(parsePaneLine(line({ path: `/a${FIELD_SEPARATOR}b` }))).toBeNull();
  });

  it('rejects a record with a missing field', () => {
    expect(parsePaneLine(line().split(FIELD_SEPARATOR).slice(0, -1).join(FIELD_SEPARATOR))).toBeNull();
  });

  it('rejects ids that are not tmux ids', () => {
    expect(parsePaneLine(line({ id: '3' }))).toBeNull();
    expect(parsePaneLine(line({ sid: 'work' }))).toBeNull();
    expect(parsePaneLine(line({ wid: '2' }))).toBeNull();
  });

  it('rejects non-numeric numbers (an unexpanded or wrong format)', () => {
    expect(parsePaneLine(line({ pid: '#{pane_pid}' }))).toBeNull();
    expect(parsePaneLine(line({ w: '-1' }))).toBeNull();
  });

  it('accepts empty free-text fields (a dead pane has no current path)', () => {
    expect(parsePaneLine(line({ path: '', cmd: '', title: '' }))).toMatchObject({ currentPath: '', currentCommand: '', title: '' });
  });

  it('skips blank and malformed lines but keeps the good ones', () => {
    const out = ['garbage', '', line({ id: '%9' }), 'x\x1fy', line({ id: '%10' })].join('\n');
    expect(parsePaneList(out).map((p) => p.paneId)).toEqual(['%9', '%10']);
  });

  it('returns nothing for empty output', () => {
    expect(parsePaneList('')).toEqual([]);
  });
});
