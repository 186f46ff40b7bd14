import { describe, expect, it } from 'vitest';
import { react } from '../../../support/scripted-agent/machine.ts';
import type { StateSpec } from '../../../support/scripted-agent/scenario.ts';

const key = (name: string, raw = name): { name: string; raw: string } => ({ name, raw });
const prompt: StateSpec = { screen: 'x', keys: { '1': 'approved', '\x1b': 'denied' } };
const idle: StateSpec = {
  screen: 'x',
  keys: { Escape: 'interrupted' },
  input: { row: 1, col: 2, template: '❯ {draft}', submit: 'working' },
};

describe('react', () => {
  it('follows a mapped key', () => {
    expect(react(prompt, '', key('1'))).toEqual({ kind: 'goto', next: 'approved' });
  });

  it('matches a scenario key written as raw bytes', () => {
    expect(react(prompt, '', key('Escape', '\x1b'))).toEqual({ kind: 'goto', next: 'denied' });
  });

  it('ignores an unmapped key on a prompt (no line editor there)', () => {
    expect(react(prompt, '', key('y'))).toEqual({ kind: 'ignore' });
  });

  it('types printable keys into the draft of an input state', () => {
    expect(react(idle, 'hel', key('l'))).toEqual({ kind: 'edit', draft: 'hell' });
  });

  it('types Space as a space', () => {
    expect(react(idle, 'a', key('Space', ' '))).toEqual({ kind: 'edit', draft: 'a ' });
  });

  it('clears the draft with C-u', () => {
    expect(react(idle, 'some text', key('C-u', '\x15'))).toEqual({ kind: 'edit', draft: '' });
  });

  it('deletes one character with BSpace', () => {
    expect(react(idle, 'ab', key('BSpace', '\x7f'))).toEqual({ kind: 'edit', draft: 'a' });
  });

  it('inserts pasted text', () => {
    expect(react(idle, '', { name: 'Paste', raw: '\x1b[200~go on\x1b[201~', text: 'go on' })).toEqual({ kind: 'edit', draft: 'go on' });
  });

  it('submits a non-empty draft with Enter', () => {
    expect(react(idle, 'continue', key('Enter', '\r'))).toEqual({ kind: 'submit', text: 'continue', next: 'working' });
  });

  it('does nothing on Enter with an empty draft', () => {
    expect(react(idle, '', key('Enter', '\r'))).toEqual({ kind: 'ignore' });
  });

  it('lets explicit keys win over the line editor', () => {
    expect(react(idle, 'draft', key('Escape', '\x1b'))).toEqual({ kind: 'goto', next: 'interrupted' });
  });

  it('ignores Meta keys and arrows in the line editor', () => {
    expect([react(idle, 'a', key('M-x', '\x1bx')), react(idle, 'a', key('Up', '\x1b[A'))]).toEqual([
      { kind: 'ignore' },
      { kind: 'ignore' },
    ]);
  });
});
