import { describe, expect, it } from 'vitest';
import type { ClientInfo } from '../../../main/engine/tmux/types.ts';
import { chooseClient, planJump, type JumpInput } from '../../../main/engine/jump/jump-plan.ts';

const client = (over: Partial<ClientInfo> = {}): ClientInfo => ({
  tty: '/dev/pts/3',
  pid: 4242,
  sessionName: 'other',
  activity: 100,
  termName: 'xterm-256color',
  ...over,
});
const input = (over: Partial<JumpInput> = {}): JumpInput => ({
  paneId: '%7',
  sessionName: 'api-worker',
  socket: '/tmp/tmux-1000/default',
  clients: [],
  platform: 'linux',
  x11: true,
  terminalCommand: null,
  ...over,
});

describe('chooseClient', () => {
  it('prefers a client already showing the pane’s session', () => {
    const showing = client({ tty: '/dev/pts/1', sessionName: 'api-worker', activity: 10 });
    expect(chooseClient([client({ activity: 99 }), showing], 'api-worker')).toBe(showing);
  });

  it('else takes the most recently used client', () => {
    const recent = client({ tty: '/dev/pts/9', activity: 500 });
    expect(chooseClient([client({ activity: 1 }), recent], 'api-worker')).toBe(recent);
  });

  it('is null without clients', () => {
    expect(chooseClient([], 'x')).toBeNull();
  });
});

describe('planJump with an attached client', () => {
  it('selects window and pane, then switches the client to the pane (default server)', () => {
    const plan = planJump(input({ clients: [client()] }));
    expect(plan).toMatchObject({ kind: 'attached', client: { tty: '/dev/pts/3' } });
    expect(plan.kind === 'attached' && plan.tmux).toEqual([
      ['select-window', '-t', '%7'],
      ['select-pane', '-t', '%7'],
      ['switch-client', '-c', '/dev/pts/3', '-t', '%7'],
    ]);
  });

  it("names the pane's own session and window when given: its window may also be linked into the watcher session", () => {
    const home = { sessionId: '$2', windowId: '@5' };
    expect(planJump(input({ clients: [client()], home }))).toMatchObject({
      tmux: [
        ['select-window', '-t', '$2:@5'],
        ['select-pane', '-t', '%7'],
        ['switch-client', '-c', '/dev/pts/3', '-t', '$2:@5.%7'],
      ],
    });
    expect(planJump(input({ home }))).toMatchObject({
      kind: 'open-terminal',
      launch: { args: expect.arrayContaining(['attach-session', '-t', '$2:@5.%7']) as unknown },
    });
  });

  it('plans the same tmux commands on a socket server (the client object carries the server)', () => {
    const plan = planJump(input({ socket: '/run/user/1000/agents.sock', clients: [client({ tty: '/dev/pts/5' })] }));
    expect(plan.kind === 'attached' && plan.tmux[2]).toEqual(['switch-client', '-c', '/dev/pts/5', '-t', '%7']);
  });

  it('raises the window through xdotool on Linux with a display', () => {
    expect(planJump(input({ clients: [client()] }))).toMatchObject({ raise: { kind: 'x11-activate', clientPid: 4242 } });
  });

  it('says why it cannot raise without a display (Wayland)', () => {
    expect(planJump(input({ clients: [client()], x11: false }))).toMatchObject({
      raise: { kind: 'none', reason: expect.stringContaining('Wayland') },
    });
  });

  it('activates the terminal app on macOS', () => {
    expect(planJump(input({ clients: [client()], platform: 'darwin' }))).toMatchObject({
      raise: { kind: 'macos-activate', clientPid: 4242 },
    });
  });

  it('says it cannot raise on Windows', () => {
    expect(planJump(input({ clients: [client()], platform: 'win32' }))).toMatchObject({ raise: { kind: 'none' } });
  });
});

describe('planJump with no client attached', () => {
  it('selects the pane and opens x-terminal-emulator on Linux', () => {
    const plan = planJump(input());
    expect(plan).toEqual({
      kind: 'open-terminal',
      tmux: [
        ['select-window', '-t', '%7'],
        ['select-pane', '-t', '%7'],
      ],
      launch: { file: 'x-terminal-emulator', args: ['-e', 'tmux', '-S', '/tmp/tmux-1000/default', 'attach-session', '-t', '%7'] },
    });
  });

  it('drives Terminal.app on macOS', () => {
    expect(planJump(input({ platform: 'darwin' }))).toMatchObject({ launch: { file: 'osascript' } });
  });

  it('opens Windows Terminal with WSL on Windows', () => {
    expect(planJump(input({ platform: 'win32' }))).toMatchObject({
      launch: { file: 'wt.exe', args: ['wsl.exe', 'tmux', '-S', '/tmp/tmux-1000/default', 'attach-session', '-t', '%7'] },
    });
  });

  it('uses the configured command with its placeholders', () => {
    const plan = planJump(input({ socket: '/tmp/my socks/s', terminalCommand: ['kitty', 'sh', '-c', 'exec {tmux} attach -t {target}'] }));
    expect(plan).toMatchObject({ launch: { file: 'kitty', args: ['sh', '-c', `exec tmux -S '/tmp/my socks/s' attach -t %7`] } });
  });

  it('is impossible, saying why, with a command that cannot reach the pane', () => {
    expect(planJump(input({ terminalCommand: ['xterm'] }))).toEqual({ kind: 'impossible', reason: expect.stringContaining('{target}') });
  });
});

describe('planJump safety', () => {
  it('refuses a pane id that is not one (a name could match another pane by prefix)', () => {
    expect(() => planJump(input({ paneId: 'api', clients: [client()] }))).toThrow(/not a pane id/);
  });
});
