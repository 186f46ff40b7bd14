// Rules guarded (pure): doctor says which observe mode runs on each server, and advises (never a
// problem: polling still finds every prompt) when events were asked for but a server is polled.
import { describe, expect, it } from 'vitest';
import { describeModes } from '../../main/cli/doctor/checks/observe-mode.ts';
import { OTHERS_LISTEN } from '../../main/engine/tmux/change-feed.ts';

describe('doctor: observe mode', () => {
  it('is fine with events on every server', () => {
    const f = describeModes('events', [{ server: 'default', mode: 'events', reason: null }]);
    expect(f.status).toBe('ok');
    expect(f.detail).toContain('default: events');
  });

  it('advises when a server is polled though events were asked for, with the reason', () => {
    const f = describeModes('events', [
      { server: 'default', mode: 'events', reason: null },
      { server: '@gpu:default', mode: 'poll', reason: 'link-window: refused' },
    ]);
    expect(f.status).toBe('advice');
    expect(f.detail).toContain('1 of 2 server(s) polled');
    expect(f.detail).toContain('@gpu:default: poll (link-window: refused)');
  });

  it('says what to do when a terminal’s tmux integration is why a server is polled', () => {
    const f = describeModes('events', [{ server: 'default', mode: 'poll', reason: OTHERS_LISTEN }]);
    expect(f.status).toBe('advice');
    expect(f.detail).toContain('iTerm2');
    expect(f.fix).toContain('without its tmux integration');
  });

  it('says how new panes are found on a server with events: announced by tmux, or listed every second', () => {
    const announced = describeModes('events', [{ server: 'default', mode: 'events', reason: null, panesAnnounced: true }]);
    expect(announced.status).toBe('ok');
    expect(announced.detail).toContain('new panes announced by tmux');
    const listed = describeModes('events', [{ server: 'default', mode: 'events', reason: null, panesAnnounced: false }]);
    expect(listed.detail).toContain('new panes found by a list every second');
  });

  it('is fine with poll when poll was asked for', () => {
    expect(describeModes('poll', [{ server: 'default', mode: 'poll', reason: null }]).status).toBe('ok');
  });
});
