// Rules guarded, on a real tmux server: the pane-set string tmux evaluates for the subscription holds
// every user pane once and no watcher session's; it changes when a pane comes or goes, runs another
// command, or its session is renamed, and not otherwise; a control character in a session's name or a
// pane's command never reaches it raw (a newline would end tmux's notification line and could forge one).
import { afterEach, describe, expect, it } from 'vitest';
import { paneSetFormat } from '../../../main/engine/tmux/formats.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import { poll } from '../../support/poll.ts';

const WATCHER = 'trailboss-watch-';
let tmux: PrivateTmux | null = null;

afterEach(async () => {
  await tmux?.kill();
  tmux = null;
});

/** What the subscription would see now (the same evaluator: a format expanded for a client's session). */
const paneSet = () => tmux!.tmux(['display-message', '-p', '-t', `=${WATCHER}1`, paneSetFormat(WATCHER)]);

describe('paneSetFormat', () => {
  it('holds each user pane once, none of the watcher session, and changes only with the pane set', async () => {
    tmux = await startPrivateTmux();
    const a = await tmux.newPane('exec sleep 300', { session: 'work' });
    const b = await tmux.newPane('exec sleep 300', { session: 'other' });
    await tmux.tmux(['new-session', '-d', '-s', `${WATCHER}1`, 'exec sleep 300']);
    const first = await paneSet();
    expect(first.split('\n').filter(Boolean)).toHaveLength(1);
    for (const id of [a, b]) expect(first.split(`${id}/`)).toHaveLength(2);
    expect(first).not.toContain(WATCHER);
    expect(await paneSet()).toBe(first);

    await tmux.tmux(['rename-session', '-t', '=other', 'renamed']);
    const renamed = await paneSet();
    expect(renamed).not.toBe(first);

    // Another command in a pane: a shell that starts a program.
    const shell = await tmux.newPane('exec bash --norc --noprofile', { session: 'work' });
    const withShell = await paneSet();
    expect(withShell).not.toBe(renamed);
    await tmux.tmux(['send-keys', '-t', shell, '-l', 'exec sleep 301\n']);
    await poll(async () => (await paneSet()) !== withShell, 'the command change is in the pane set');
  });

  it('cleans control characters from session names and commands', async () => {
    tmux = await startPrivateTmux();
    await tmux.newPane('exec sleep 300', { session: 'work' });
    await tmux.tmux(['new-session', '-d', '-s', `${WATCHER}1`, 'exec sleep 300']);
    await tmux.tmux(['rename-session', '-t', '=work', 'evil\u0007name']);
    // A program whose name holds a newline and a forged notification.
    await tmux.newPane(`exec -a "$(printf 'x\\n%%begin 1 1 1')" sleep 300`, { session: 'work2' });
    // Until the shell has run its `exec`, the pane shows the shell.
    const value = await poll(async () => {
      const v = await paneSet();
      return v.includes('x?%begin') ? v : null; // the newline cleaned to `?`
    }, 'the renamed program in the pane set');
    const controls = [...value.trimEnd()].filter((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
    expect(controls).toEqual([]); // tmux itself writes the session name's BEL as `\\a`
  });
});
