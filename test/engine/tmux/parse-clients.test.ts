import { describe, expect, it } from 'vitest';
import { FIELD_SEPARATOR } from '../../../main/engine/tmux/formats.ts';
import { parseClientLine, parseClientList } from '../../../main/engine/tmux/parse-clients.ts';

const rec = (...f: string[]): string => f.join(FIELD_SEPARATOR);

describe('parseClientList', () => {
  it('parses a terminal client', () => {
    expect(parseClientLine(rec('4321', '1795218400', '0', '/dev/pts/3', 'work', 'xterm-256color'))).toEqual({
      tty: '/dev/pts/3',
      pid: 4321,
      sessionName: 'work',
      activity: 1795218400,
      termName: 'xterm-256color',
      controlMode: false,
    });
  });

  it('marks control-mode clients', () => {
    expect(parseClientLine(rec('1', '2', '1', '', 'work', ''))?.controlMode).toBe(true);
  });

  it('rejects a malformed record', () => {
    expect(parseClientLine(rec('x', '2', '0', '/dev/pts/1', 'w', 't'))).toBeNull();
    expect(parseClientLine(rec('1', '2', '0', '/dev/pts/1', 'w'))).toBeNull();
  });

  it('keeps unicode session names', () => {
    expect(parseClientLine(rec('1', '2', '0', '/dev/pts/1', 'ü-работа', 'tmux'))?.sessionName).toBe('ü-работа');
  });

  it('skips blank lines', () => {
    const out = `${rec('1', '2', '0', '/dev/pts/1', 'a', 't')}\n\n${rec('3', '4', '0', '/dev/pts/2', 'b', 't')}\n`;
    expect(parseClientList(out).map((c) => c.pid)).toEqual([1, 3]);
  });
});
