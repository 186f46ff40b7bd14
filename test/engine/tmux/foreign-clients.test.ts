// Rule guarded: only watcher sessions no client holds are swept (never a user's session, never our own,
// never one a client holds), and a terminal's control client is told from our own watchers' clients.
import { describe, expect, it } from 'vitest';
import { othersListen, unattachedWatchers } from '../../../main/engine/tmux/foreign-clients.ts';

describe('unattachedWatchers', () => {
  it('names the watcher sessions with no client, other than our own', () => {
    const lines = [
      '0 trailboss-watch-4242-1',
      '1 trailboss-watch-4242-2',
      '2 trailboss-watch-77-1',
      '0 trailboss-watch-77-3',
      '0 work',
      '0 my trailboss-watch-1 notes',
      '0 trailboss-watch-9-9',
    ];
    expect(unattachedWatchers(lines, 'trailboss-watch-9-9')).toEqual(['trailboss-watch-4242-1', 'trailboss-watch-77-3']);
  });

  it('skips lines it cannot read', () => {
    expect(unattachedWatchers(['', '0', 'x trailboss-watch-1-1', ' trailboss-watch-1-1'], 'own')).toEqual([]);
  });
});

describe('othersListen', () => {
  it('is true for a control client on a session other than a watcher’s', () => {
    expect(othersListen(['1 trailboss-watch-4242-1', '0 work', '1 work'])).toBe(true);
    expect(othersListen(['1 my session'])).toBe(true);
  });

  it('is false for terminals and for watchers’ own clients', () => {
    expect(othersListen(['1 trailboss-watch-4242-1', '0 work', '1 trailboss-watch-7-2'])).toBe(false);
    expect(othersListen([])).toBe(false);
  });
});
