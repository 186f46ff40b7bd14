import { describe, expect, it } from 'vitest';
import { ACTIVITY_WINDOW_MS } from '../../../client/controller/activity-actions.ts';
import { NOW, setup } from './setup.ts';

const activity = { since: NOW - ACTIVITY_WINDOW_MS, until: NOW, agents: [] };

describe('activity actions', () => {
  it('asks for the last day, the newest audit page and the agents', async () => {
    const { controller, fake, stores } = setup([], {
      'activity:get': () => ({ ok: true, value: activity }),
      'audit:list': () => ({ ok: true, value: [] }),
      'agents:list': () => ({ ok: true, value: [] }),
    });
    await controller.loadActivity();
    expect([fake.callsTo('activity:get'), fake.callsTo('audit:list'), stores.activity.getState().status]).toEqual([
      [{ since: NOW - ACTIVITY_WINDOW_MS }],
      [{ limit: 200, before: null }],
      'ready',
    ]);
  });

  it('says what failed', async () => {
    const { controller, stores } = setup([], {
      'activity:get': () => ({ ok: true, value: activity }),
      'audit:list': () => ({ ok: false, error: { code: 'internal', message: 'audit table locked' } }),
      'agents:list': () => ({ ok: true, value: [] }),
    });
    await controller.loadActivity();
    expect([stores.activity.getState().status, stores.activity.getState().problem]).toEqual(['failed', 'audit table locked']);
  });

  it('reports a failed mute as an engine error', async () => {
    const { controller, stores } = setup([], { 'pane:mute': () => ({ ok: false, error: { code: 'not-found', message: 'no such pane' } }) });
    await controller.setMuted('default|%1', true);
    expect(stores.app.getState().engineErrors[0]).toMatch(/mute default\|%1: no such pane/);
  });
});
