import { describe, expect, it } from 'vitest';
import { DEFAULT_HOTKEYS, parseAccelerator, physicalCombo } from '../../../main/shell/hotkeys/hotkeys.ts';
import { knownClash } from '../../../main/shell/hotkeys/hotkey-clashes.ts';

const parsed = (text: string) => {
  const r = parseAccelerator(text);
  if (!r.ok) throw new Error(r.problem);
  return r.accelerator;
};
const problem = (text: string): string => {
  const r = parseAccelerator(text);
  return r.ok ? '' : r.problem;
};

describe('parseAccelerator', () => {
  it.each([
    ['CommandOrControl+Alt+J', 'CommandOrControl+Alt+J'],
    ['cmdorctrl+shift+alt+j', 'CommandOrControl+Alt+Shift+J'],
    ['Ctrl+Option+F12', 'Control+Alt+F12'],
    ['Super+Space', 'Super+Space'],
    ['Alt+Plus', 'Alt+Plus'],
    ['Control+Alt+num5', 'Control+Alt+num5'],
    ['Meta+Enter', 'Super+Return'],
    ['Control+Shift+/', 'Control+Shift+/'],
    ['Cmd+Esc', 'Command+Escape'],
  ])('accepts %s as %s', (text, canonical) => {
    expect(parsed(text).text).toBe(canonical);
  });

  it.each([
    ['', 'is empty'],
    ['J', 'needs a modifier besides Shift'],
    ['Shift+J', 'needs a modifier besides Shift'],
    ['Ctrl+Alt', 'has no key after its modifiers'],
    ['Ctrl+Alt+Hyper', 'has an unknown key "Hyper"'],
    ['Hyper+J', 'has an unknown modifier "Hyper"'],
    ['Ctrl+J+K', 'has more than one key'],
    ['Ctrl+Ctrl+J', 'repeats the modifier'],
    ['Ctrl++', 'has an empty part'],
    ['CommandOrControl+Control+J', 'combines CommandOrControl with Command or Control'],
    ['Ctrl+Alt+F25', 'has an unknown key "F25"'],
  ])('rejects %j: %s', (text, why) => {
    expect(problem(text)).toContain(why);
  });
});

describe('physicalCombo', () => {
  it('resolves CommandOrControl per platform', () => {
    expect(physicalCombo(parsed('CommandOrControl+Alt+J'), 'darwin')).toBe('Command+Alt+J');
    expect(physicalCombo(parsed('CommandOrControl+Alt+J'), 'linux')).toBe('Control+Alt+J');
  });

  it('treats Command as Super off macOS', () => {
    expect(physicalCombo(parsed('Cmd+L'), 'win32')).toBe('Super+L');
  });
});

describe('knownClash', () => {
  it("flags Cmd+Alt+J on macOS (Chrome's JavaScript console)", () => {
    expect(knownClash(parsed('CommandOrControl+Alt+J'), 'darwin')).toContain('Chrome');
  });

  it('flags Ctrl+Alt+T on Linux (opening a terminal)', () => {
    expect(knownClash(parsed('Control+Alt+T'), 'linux')).toContain('terminal');
  });

  it('flags the primary modifier plus a letter as every app’s own shortcut', () => {
    expect(knownClash(parsed('CommandOrControl+S'), 'linux')).toContain('ordinary shortcut');
    expect(knownClash(parsed('CommandOrControl+Shift+T'), 'darwin')).toContain('ordinary shortcut');
  });

  it('finds no clash for the defaults on any platform', () => {
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      for (const text of Object.values(DEFAULT_HOTKEYS)) expect(knownClash(parsed(text), platform)).toBeNull();
    }
  });
});
