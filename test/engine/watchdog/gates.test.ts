import { describe, expect, it } from 'vitest';
import { draftPresent, humanActive, humanQuietAt, safeToType } from '../../../main/engine/watchdog/gates.ts';
import { nudgeText, watchdogHandlesIdle } from '../../../main/engine/watchdog/loop-mode.ts';
import type { Screen } from '../../../main/engine/runtimes/types.ts';
import type { ClientInfo } from '../../../main/engine/tmux/types.ts';
import { askDialog, bashPrompt, idle, unknownScreen, working } from '../sessions/builders.ts';

const trust: Screen = {
  kind: 'dialog',
  runtime: 'claude',
  dialogId: 'claude.trust-folder',
  question: 'Quick safety check: Is this a project you created or one you trust?',
  options: [
    { key: null, label: 'No, exit', kind: 'deny' },
    { key: null, label: 'Yes, I trust this folder', kind: 'always' },
  ],
  highlighted: 0,
};

describe('safeToType', () => {
  it.each([
    ['idle, empty input', idle(), true],
    ['idle with a draft (the draft gate is separate)', idle('half a thought'), true],
    ['permission prompt', bashPrompt(), false],
    ['dialog / selection menu', askDialog(), false],
    ['trust dialog', trust, false],
    ['unknown screen', unknownScreen(), false],
    ['working', working(), false],
    ['no capture', null, false],
  ] as const)('%s -> %s', (_name, screen, expected) => {
    expect(safeToType(screen)).toBe(expected);
  });
});

describe('draftPresent', () => {
  it.each([
    ['empty input', idle(''), false],
    ['only spaces', idle('   '), false],
    ['typed text', idle('fix the tests'), true],
    ['not idle', bashPrompt(), false],
    ['no capture', null, false],
  ] as const)('%s -> %s', (_name, screen, expected) => {
    expect(draftPresent(screen)).toBe(expected);
  });
});

const NOW = 1_700_000_000_000;
const client = (sessionName: string, secondsAgo: number): ClientInfo => ({
  tty: '/dev/pts/1',
  pid: 1,
  sessionName,
  activity: (NOW - secondsAgo * 1000) / 1000,
  termName: 'xterm',
});

describe('humanActive', () => {
  it('is true when a client on the pane session typed within 120 s', () => {
    expect(humanActive([client('work', 119)], 'work', NOW)).toBe(true);
  });

  it('is false at 120 s and beyond', () => {
    expect(humanActive([client('work', 120)], 'work', NOW)).toBe(false);
  });

  it('ignores clients attached to other sessions', () => {
    expect(humanActive([client('other', 1)], 'work', NOW)).toBe(false);
  });

  it('is false with no clients attached', () => {
    expect(humanActive([], 'work', NOW)).toBe(false);
  });

  it('takes the most recent of several clients, and honours a custom window', () => {
    expect(humanActive([client('work', 500), client('work', 20)], 'work', NOW, 30_000)).toBe(true);
    expect(humanActive([client('work', 500), client('work', 20)], 'work', NOW, 10_000)).toBe(false);
  });

  it('humanQuietAt names when the window ends (now when nobody is there)', () => {
    expect(humanQuietAt([client('work', 20)], 'work', NOW)).toBe(NOW + 100_000);
    expect(humanQuietAt([], 'work', NOW)).toBe(NOW);
  });
});

describe('loop modes', () => {
  const on = { enabled: true, message: 'continue' };
  it.each([
    ['paused', on, 'the task', null],
    ['task-only', on, 'the task', 'the task'],
    ['task-only', on, null, null],
    ['task-only', on, '  ', null],
    ['active', on, null, 'continue'],
    ['active', { enabled: true, message: ' ' }, null, null],
    ['active', { enabled: false, message: 'continue' }, null, null],
  ] as const)('%s (%j, directive %j) types %j', (mode, cfg, directive, text) => {
    expect(nudgeText(mode, cfg, directive)).toBe(text);
    expect(watchdogHandlesIdle(mode, cfg, directive)).toBe(text !== null);
  });
});
