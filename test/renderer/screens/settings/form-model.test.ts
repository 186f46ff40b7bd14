import { describe, expect, it } from 'vitest';
import type { SettingsDto } from '../../../../preload/contract/index.ts';
import { fromDraft, issuesFor, toDraft, unplacedIssues } from '../../../../renderer/screens/settings/form-model.ts';

const settings: SettingsDto = {
  hotkeys: { jumpOldest: 'CommandOrControl+Alt+J', openQueue: null },
  reminders: { cadenceMs: [0, 300_000, 900_000, 2_700_000, 7_200_000, 14_400_000] },
  notifications: { enabled: true, sound: false, actionButtons: true },
  terminal: { command: null },
  tmux: { includeDefault: true, sockets: ['/tmp/a.sock', '/tmp/b.sock'] },
  watchdog: {
    enabled: false,
    message: 'continue',
    backoffMs: [300_000, 900_000, 2_700_000],
    capMs: 7_200_000,
    maxTries: 3,
    humanActiveMs: 120_000,
    dismissKnownDialogs: true,
  },
  restart: { defaultRuntime: null },
  phone: { tail: true, afterMs: 0 },
};

describe('toDraft / fromDraft', () => {
  it('round-trips settings unchanged', () => {
    expect(fromDraft(toDraft(settings))).toEqual({ ok: true, settings });
  });

  it('shows durations as short text', () => {
    const d = toDraft(settings);
    expect([d.cadence, d.cap, d.humanActive]).toEqual(['0, 5m, 15m, 45m, 2h, 4h', '2h', '2m']);
  });

  it('turns empty text fields into null', () => {
    const r = fromDraft({ ...toDraft(settings), jumpOldest: '  ', terminalCommand: '' });
    expect(r.ok && [r.settings.hotkeys.jumpOldest, r.settings.terminal.command]).toEqual([null, null]);
  });

  it('reads one socket per line, skipping blank lines', () => {
    const r = fromDraft({ ...toDraft(settings), sockets: ' /x.sock \n\n/y.sock\n' });
    expect(r.ok && r.settings.tmux.sockets).toEqual(['/x.sock', '/y.sock']);
  });

  it('names the field of a bad duration with the engine path', () => {
    const r = fromDraft({ ...toDraft(settings), cadence: '0, soon' });
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['reminders.cadenceMs']);
  });

  it('rejects a non-integer number of tries', () => {
    const r = fromDraft({ ...toDraft(settings), maxTries: '2.5' });
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['watchdog.maxTries']);
  });
});

describe('issuesFor / unplacedIssues', () => {
  const issues = [
    { path: 'tmux.sockets.1', message: 'no such socket' },
    { path: 'watchdog.maxTries', message: 'must be at least 1' },
    { path: 'colour', message: 'unknown key' },
  ];

  it('places an issue under a list field by its path prefix', () => {
    expect(issuesFor(issues, 'sockets')).toEqual([issues[0]]);
  });

  it('does not place an issue on a field whose path is only a string prefix', () => {
    expect(issuesFor([{ path: 'hotkeys.jumpOldestX', message: 'x' }], 'jumpOldest')).toEqual([]);
  });

  it('keeps issues that match no field for the top of the form', () => {
    expect(unplacedIssues(issues)).toEqual([issues[2]]);
  });
});
