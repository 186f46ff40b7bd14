import { describe, expect, it } from 'vitest';
import { commandForKey, type KeyInput } from '../../../client/keyboard/keymap.ts';

const press = (key: string, over: Partial<KeyInput> = {}): KeyInput => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  focus: 'other',
  ...over,
});

describe('commandForKey', () => {
  it.each([
    ['j', 'next'],
    ['ArrowDown', 'next'],
    ['k', 'prev'],
    ['ArrowUp', 'prev'],
    ['g', 'first'],
    ['G', 'last'],
    ['a', 'approve'],
    ['d', 'deny'],
    ['D', 'deny-message'],
    ['r', 'reply'],
    ['s', 'skip'],
    ['z', 'snooze'],
    ['Enter', 'jump'],
    ['Escape', 'cancel'],
  ] as const)('%s -> %s', (key, command) => {
    expect(commandForKey(press(key))).toBe(command);
  });

  it('ignores keys it does not bind', () => {
    expect(commandForKey(press('x'))).toBeNull();
  });

  it('does not approve on shift+a', () => {
    expect(commandForKey(press('A'))).toBeNull();
  });

  it.each(['ctrlKey', 'metaKey', 'altKey'] as const)('leaves %s combinations to the browser', (mod) => {
    expect(commandForKey(press('r', { [mod]: true }))).toBeNull();
  });

  it('leaves letters to a focused text field', () => {
    expect(commandForKey(press('a', { focus: 'text' }))).toBeNull();
  });

  it('lets Escape leave a text field', () => {
    expect(commandForKey(press('Escape', { focus: 'text' }))).toBe('cancel');
  });

  it('leaves Enter to a focused button', () => {
    expect(commandForKey(press('Enter', { focus: 'control' }))).toBeNull();
  });

  it('still takes letters while a button has focus', () => {
    expect(commandForKey(press('d', { focus: 'control' }))).toBe('deny');
  });

  it('never repeats an action from a held key', () => {
    expect(commandForKey(press('a', { repeat: true }))).toBeNull();
  });

  it('repeats movement from a held key', () => {
    expect(commandForKey(press('j', { repeat: true }))).toBe('next');
  });
});
