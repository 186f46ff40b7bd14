/** Auggie 0.36.0 popover menus (plan complete, Ask User review), drawn as the bundle's `Or` popover draws them. */
import { describe, expect, it } from 'vitest';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';

const classify = (lines: readonly string[]) => auggieRuntime.classify({ lines });
const box = (rows: readonly string[], width = 40) => [
  `╭${'─'.repeat(width - 2)}╮`,
  ...rows.map((r) => `│  ${r.padEnd(width - 6)}  │`),
  `╰${'─'.repeat(width - 2)}╯`,
];

describe('auggie popover menus', () => {
  it('plan complete is a dialog with its three choices, no key', () => {
    const screen = classify([
      '● Done planning.',
      ...box([
        '',
        'Plan Complete',
        '',
        'Would you like to proceed',
        'with implementing this plan?',
        '',
        '› Yes, implement the plan',
        '  Iterate on plan',
        '  No',
        '',
      ]),
      ' [↑↓] Navigate • [Enter] Confirm •',
      ' [Esc] Decline',
    ]);
    expect(screen).toEqual({
      kind: 'dialog',
      runtime: 'auggie',
      dialogId: 'auggie.plan-complete',
      question: 'Would you like to proceed with implementing this plan?',
      options: [
        { key: null, label: 'Yes, implement the plan', kind: 'always' },
        { key: null, label: 'Iterate on plan', kind: 'other' },
        { key: null, label: 'No', kind: 'deny' },
      ],
      highlighted: 0,
    });
  });

  it('a label Ink wrapped at the box edge stays one option; the question right above the list is read', () => {
    const screen = classify([
      ...box(['', 'Ask User (Review)', '', 'Proceed?', '   ● Yes, submit', 'answers', '     No, edit answers', ''], 24),
      ' [Enter] Submit • [Esc] Cancel',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'auggie.ask-user', question: 'Proceed?', highlighted: 0 });
    expect(screen.kind === 'dialog' && screen.options.map((o) => o.label)).toEqual(['Yes, submit answers', 'No, edit answers']);
  });

  it('a box without key hints under it is no popover', () => {
    expect(classify([...box(['', 'Plan Complete', '', '› Yes, implement the plan', '  No', ''])]).kind).toBe('unknown');
  });
});
