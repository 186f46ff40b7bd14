import { describe, expect, it } from 'vitest';
import type { ControlEvent } from '../../../main/engine/tmux/control-protocol.ts';
import { ControlParser } from '../../../main/engine/tmux/control-protocol.ts';

function feed(lines: string[]): ControlEvent[] {
  const p = new ControlParser();
  return lines.map((l) => p.push(l)).filter((e): e is ControlEvent => e !== null);
}

// Shape recorded from `tmux -C new-session …` on tmux 3.3a: argv replies (flags 0), notifications, stdin replies (flags 1).
const transcript = [
  '%begin 1795218167 264 0',
  '%end 1795218167 264 0',
  '%window-add @1',
  '%sessions-changed',
  '%session-changed $1 trailboss-watch-1',
  '%begin 1795218167 271 1',
  'héllo ✳ wörld',
  '',
  '%end 1795218167 271 1',
  '%begin 1795218167 274 1',
  "can't find pane: %99",
  '%error 1795218167 274 1',
  '%exit',
];

describe('ControlParser', () => {
  const events = feed(transcript);

  it('returns argv replies with flags 0 and stdin replies with flags 1', () => {
    expect(events.filter((e) => e.kind === 'reply').map((e) => (e.kind === 'reply' ? [e.number, e.flags] : null))).toEqual([
      [264, 0],
      [271, 1],
      [274, 1],
    ]);
  });

  it('keeps output lines as they are, empty lines included', () => {
    expect(events.find((e) => e.kind === 'reply' && e.number === 271)).toMatchObject({ ok: true, lines: ['héllo ✳ wörld', ''] });
  });

  it('reports %error blocks as not ok with the message', () => {
    expect(events.find((e) => e.kind === 'reply' && e.number === 274)).toMatchObject({ ok: false, lines: ["can't find pane: %99"] });
  });

  it('reports notifications with name and arguments', () => {
    expect(events.filter((e) => e.kind === 'notification')).toEqual([
      { kind: 'notification', name: 'window-add', args: '@1' },
      { kind: 'notification', name: 'sessions-changed', args: '' },
      { kind: 'notification', name: 'session-changed', args: '$1 trailboss-watch-1' },
      { kind: 'notification', name: 'exit', args: '' },
    ]);
  });

  it('treats %-lines inside a block as output, including an %end of another block', () => {
    const out = feed(['%begin 1 5 1', '%exit', '%end 1 4 1', '%output %1 x', '%end 1 5 1']);
    expect(out).toEqual([{ kind: 'reply', time: 1, number: 5, flags: 1, ok: true, lines: ['%exit', '%end 1 4 1', '%output %1 x'] }]);
  });

  it('says when output stopped inside a block', () => {
    const p = new ControlParser();
    p.push('%begin 1 5 1');
    expect(p.inBlock).toBe(true);
  });

  it('ignores stray lines outside blocks', () => {
    expect(feed(['hello', '%begin 1 2 1', '%end 1 2 1'])).toHaveLength(1);
  });
});
