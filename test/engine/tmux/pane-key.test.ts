import { describe, expect, it } from 'vitest';
import { parsePaneKey, splitPaneKey } from '../../../main/engine/tmux/pane-key.ts';

describe('parsePaneKey', () => {
  it('reads the default server', () => {
    expect(parsePaneKey('default|%3')).toEqual({ server: { kind: 'default' }, paneId: '%3' });
  });

  it('reads a socket server, splitting at the last bar', () => {
    expect(parsePaneKey('S:/tmp/odd|name/sock|%12')).toEqual({ server: { kind: 'socket', path: '/tmp/odd|name/sock' }, paneId: '%12' });
  });

  it('reads a named server', () => {
    expect(parsePaneKey('L:tb-test-1|%0')).toEqual({ server: { kind: 'name', name: 'tb-test-1' }, paneId: '%0' });
  });

  it.each(['default', 'default|3', 'X:y|%1', 'S:|%1', 'default|%1;kill-server'])('refuses %j', (key) => {
    expect(parsePaneKey(key)).toBeNull();
  });
});

describe('splitPaneKey', () => {
  it('splits at the last bar, whatever the server key holds', () => {
    expect(splitPaneKey('S:/tmp/a|b|%4')).toEqual({ serverKey: 'S:/tmp/a|b', paneId: '%4' });
  });

  it('gives an empty server key for a string without a bar', () => {
    expect(splitPaneKey('%4')).toEqual({ serverKey: '', paneId: '%4' });
  });
});
