import { describe, expect, it } from 'vitest';
import { createQueueStore } from '../../../client/store/queue-store.ts';
import { createSettingsStore } from '../../../client/store/settings-store.ts';
import { createAppStore } from '../../../client/store/app-store.ts';
import { createActivityStore } from '../../../client/store/activity-store.ts';
import { queueItem } from '../../support/queue-items.ts';
import type { AgentDto, SettingsStateDto } from '../../../preload/contract/index.ts';

describe('createQueueStore', () => {
  it('gives each caller a fresh store', () => {
    const a = createQueueStore();
    a.getState().queueLoaded([queueItem({ id: 'x' })]);
    expect(createQueueStore().getState().items).toEqual([]);
  });

  it('applies actions through the reducers', () => {
    const store = createQueueStore();
    store.getState().queueLoaded([queueItem({ id: 'a' }), queueItem({ id: 'b' })]);
    store.getState().itemResolved('a');
    expect(store.getState().items.map((i) => i.id)).toEqual(['b']);
  });
});

const settingsState = { configPath: '/c.json', hotkeys: [], loadError: null, settings: {} } as unknown as SettingsStateDto;

describe('createSettingsStore', () => {
  it('keeps the engine issues of a rejected save', () => {
    const store = createSettingsStore();
    store.getState().saveStarted();
    store
      .getState()
      .saveRejected({ code: 'invalid', message: 'bad config', issues: [{ path: 'watchdog.maxTries', message: 'must be at least 1' }] });
    expect([store.getState().saving, store.getState().issues]).toEqual([
      false,
      [{ path: 'watchdog.maxTries', message: 'must be at least 1' }],
    ]);
  });

  it('clears issues when a save succeeds', () => {
    const store = createSettingsStore();
    store.getState().saveRejected({ code: 'invalid', message: 'x', issues: [{ path: 'a', message: 'b' }] });
    store.getState().settingsSaved(settingsState, 5);
    expect([store.getState().issues, store.getState().savedAt]).toEqual([[], 5]);
  });

  it('bumps the revision when settings change elsewhere so the form reloads', () => {
    const store = createSettingsStore();
    store.getState().settingsLoaded(settingsState);
    const before = store.getState().revision;
    store.getState().settingsChangedElsewhere(settingsState);
    expect(store.getState().revision).toBe(before + 1);
  });
});

describe('createAppStore', () => {
  it('switches views', () => {
    const store = createAppStore();
    store.getState().viewChosen('activity');
    expect(store.getState().view).toBe('activity');
  });

  it('keeps the last five engine errors until dismissed', () => {
    const store = createAppStore();
    for (let i = 0; i < 7; i++) store.getState().engineErrorReported(`e${i}`);
    const kept = store.getState().engineErrors;
    store.getState().engineErrorsDismissed();
    expect([kept, store.getState().engineErrors]).toEqual([['e2', 'e3', 'e4', 'e5', 'e6'], []]);
  });
});

describe('createActivityStore', () => {
  it('replaces one agent after a mute', () => {
    const agent = (paneKey: string, muted: boolean): AgentDto => ({
      paneKey,
      target: 't',
      host: null,
      unreachable: null,
      sessionName: 's',
      runtime: 'codex',
      runtimeVerified: true,
      state: 'idle',
      since: 0,
      muted,
      loopMode: 'paused',
      prompt: null,
      draft: null,
    });
    const store = createActivityStore();
    store.getState().agentsChanged([agent('p1', false), agent('p2', false)]);
    store.getState().agentChanged(agent('p2', true));
    expect(store.getState().agents.map((a) => a.muted)).toEqual([false, true]);
  });
});
