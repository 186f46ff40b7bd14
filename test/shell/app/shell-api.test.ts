import { describe, expect, it } from 'vitest';
import { shellApiMethods } from '../../../main/shell/app/shell-api.ts';
import { FakeEngine, settingsDto } from '../support/fake-engine.ts';

const statuses = [{ name: 'jumpOldest' as const, accelerator: 'Control+Alt+Shift+J', registered: false, problem: 'taken by another app' }];

describe('shellApiMethods', () => {
  it('answers jump with the shell’s jumper, not the engine’s refusal', async () => {
    const engine = new FakeEngine();
    const api = shellApiMethods(engine.api, {
      jump: async (id) => ({ itemId: id, action: 'jump', outcome: 'confirmed', message: 'jumped' }),
      hotkeyStatuses: () => statuses,
    });
    expect(await api['item:jump']({ id: 'a' })).toEqual({
      ok: true,
      value: { itemId: 'a', action: 'jump', outcome: 'confirmed', message: 'jumped' },
    });
    expect(engine.calls).toEqual([]);
  });

  it('puts the hotkey registration status into settings:get and settings:set', async () => {
    const engine = new FakeEngine();
    const api = shellApiMethods(engine.api, {
      jump: async () => ({ itemId: '', action: 'jump', outcome: 'refused', message: '' }),
      hotkeyStatuses: () => statuses,
    });
    const got = await api['settings:get']({});
    const set = await api['settings:set']({ settings: settingsDto() });
    expect(got.ok && got.value.hotkeys).toEqual(statuses);
    expect(set.ok && set.value.hotkeys).toEqual(statuses);
  });

  it('passes every other channel straight to the engine', async () => {
    const engine = new FakeEngine();
    const api = shellApiMethods(engine.api, {
      jump: async () => ({ itemId: '', action: 'jump', outcome: 'refused', message: '' }),
      hotkeyStatuses: () => [],
    });
    await api['item:approve']({ id: 'a', fingerprint: 'f' });
    expect(engine.calls).toEqual([{ channel: 'item:approve', args: { id: 'a', fingerprint: 'f' } }]);
  });
});
