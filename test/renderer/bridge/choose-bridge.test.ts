import { describe, expect, it } from 'vitest';
import { chooseBridge, exposedApi } from '../../../renderer/bridge/choose-bridge.ts';
import type { TrailbossApi } from '../../../preload/contract/index.ts';

const exposed = { api: {}, on: () => () => {} } as unknown as TrailbossApi;
const base = { origin: 'http://127.0.0.1:1', fetch, openEvents: () => ({ addEventListener() {}, close() {} }) };

describe('chooseBridge', () => {
  it('uses IPC when the preload exposed the API', () => {
    const choice = chooseBridge({ ...base, exposed, token: 'ignored' });
    expect(choice.ok && choice.bridge.kind).toBe('ipc');
  });

  it('uses HTTP in a browser with a token', () => {
    const choice = chooseBridge({ ...base, exposed: undefined, token: 't' });
    expect(choice.ok && choice.bridge.kind).toBe('http');
  });

  it('explains how to get a token when there is none', () => {
    const choice = chooseBridge({ ...base, exposed: undefined, token: null });
    expect(choice.ok ? '' : choice.problem).toMatch(/trailboss daemon --ui/);
  });
});

describe('exposedApi', () => {
  it('finds window.trailboss', () => {
    expect(exposedApi({ trailboss: exposed })).toBe(exposed);
  });

  it('answers undefined in a plain browser', () => {
    expect(exposedApi({})).toBeUndefined();
  });
});
