/**
 * Classes of Claude Code 2.1.332 dialogs the catalogue (test/fixtures/catalogue/claude) showed the
 * recogniser read wrong, each drawn here at the width where it went wrong.
 */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { classifyOptionLabel } from '../../../../main/engine/runtimes/common/classify-option.ts';

const rule = (width: number) => '─'.repeat(width);
const classify = (lines: readonly string[]) => claudeRuntime.classify({ lines });

describe('Claude 2.1.332 dialog classes from the catalogue', () => {
  it('the sandbox network request is a permission for its host: 1 approves this connection, 3 denies', () => {
    const screen = classify([
      rule(80),
      ' Network request outside of sandbox',
      ' Host: example.com',
      ' Do you want to allow this connection?',
      ' ❯ 1. Yes',
      "   2. Yes, and don't ask again for example.com",
      '   3. No, and tell Claude what to do differently (esc)',
      '',
      ' Esc to cancel',
    ]);
    expect(screen).toMatchObject({ kind: 'permission', subject: 'example.com', confidence: 'high' });
    if (screen.kind !== 'permission') return;
    expect({ approve: approveKeyFor(screen), deny: denyKeyFor(screen) }).toEqual({ approve: '1', deny: '3' });
  });

  it('a "Do you want to …?" question wrapped over rows in a narrow pane still makes a permission prompt', () => {
    const screen = classify([
      rule(20),
      ' Network request',
      ' outside of sandbox',
      ' Host: example.com',
      ' Do you want to',
      ' allow this',
      ' connection?',
      ' ❯ 1. Yes',
      '   2. No',
    ]);
    expect(screen.kind).toBe('permission');
  });

  it('a known dialog whose question wraps is still that dialog, not a permission', () => {
    const screen = classify([
      rule(20),
      ' Detected a custom',
      ' API key in your',
      ' environment',
      ' Do you want to use',
      ' this API key?',
      '   1. Yes',
      ' ❯ 2. No',
      '      (recommended)',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'claude.api-key' });
  });

  it('moving to a new directory is a trust dialog asking about that directory', () => {
    const screen = classify([
      rule(80),
      ' Moving to a new directory:',
      '',
      ' /tmp/other',
      '',
      " This session hasn't worked here before. Is this a directory you created or one you trust?",
      '',
      ' ❯ No, stay put',
      '   Yes, move here',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'claude.directory-trust', question: 'Moving to a new directory: /tmp/other' });
  });

  it('a titled dialog is asked by its title, wrapped or not', () => {
    const screen = classify([
      rule(20),
      ' Managed settings',
      ' require approval',
      '',
      ' Your organization',
      ' has configured',
      '',
      ' ❯ No, exit Claude',
      '   Code',
      '   Yes, I trust',
      '   these settings',
    ]);
    expect(screen).toMatchObject({
      kind: 'dialog',
      dialogId: 'claude.managed-settings',
      question: 'Managed settings require approval',
      options: [
        { label: 'No, exit Claude Code', kind: 'deny' },
        { label: 'Yes, I trust these settings', kind: 'always' },
      ],
    });
  });

  it('an unnumbered label wrapped in a narrow pane is one option; a row opening with Yes/No is the next one', () => {
    const screen = classify([rule(20), ' Adding a new', ' directory:', ' /tmp/other', '', ' ❯ No, leave it out', '   Yes, add it']);
    expect(screen.kind === 'dialog' && screen.options.map((o) => o.label)).toEqual(['No, leave it out', 'Yes, add it']);
  });

  it('"Yes, but ask again next time" grants this one read', () => {
    expect(classifyOptionLabel('Yes, but ask again next time')).toBe('once');
    expect(classifyOptionLabel('Yes, and keep allowing any reads outside the working directories')).toBe('always');
  });

  it('a permission whose title asks and that draws no question ("Use this skill?") is asked by its title, never approved', () => {
    const screen = classify([
      rule(80),
      ' Use this skill?',
      ' Claude may use instructions, code, or files from this Skill.',
      '╌'.repeat(80),
      ' Fill PDF forms and extract their text.',
      '╌'.repeat(80),
      ' ❯ 1. Yes',
      "   2. Yes, and don't ask again for pdf-tools",
      '   3. No',
      '',
      ' Esc to cancel',
    ]);
    expect(screen).toMatchObject({ kind: 'permission', tool: 'Use this skill?', question: 'Use this skill?', confidence: 'low' });
    if (screen.kind !== 'permission') return;
    expect({ approve: approveKeyFor(screen), deny: denyKeyFor(screen) }).toEqual({ approve: null, deny: 'Escape' });
  });

  it('a confirmation of a view the user opened is an openedByUser dialog asked by its title', () => {
    const screen = classify([
      rule(40),
      ' Remove the monthly spend',
      ' limit?',
      ' Nothing will cap what you spend.',
      ' ❯ 1. Yes, remove the limit',
      '   2. No, keep the limit',
      '',
      ' Enter to confirm · Esc to cancel',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', question: 'Remove the monthly spend limit?', openedByUser: true });
  });

  it('confirmations whose title is filled in at run time (a gateway host, a marketplace, a repository) are opened by the user', () => {
    const gateway = classify([
      rule(30),
      ' Trust gateway gateway.acme.ex',
      ' ample?',
      ' Certificate fingerprint',
      ' (SHA-256): 3f9a1c0e5b7d2a48…',
      '',
      '   Yes, trust this gateway',
      ' ❯ No, cancel login',
      '',
      ' Enter to confirm · Esc to',
      ' cancel',
    ]);
    expect(gateway).toMatchObject({ kind: 'dialog', openedByUser: true });
    const feedback = classify([
      rule(80),
      ' This report will include:',
      ' - Session transcript: this session only',
      '',
      ' ❯ No, edit the report',
      '   Yes, send it',
    ]);
    expect(feedback).toMatchObject({ kind: 'dialog', question: 'This report will include:', openedByUser: true });
    for (const [title, rows] of [
      ['Add marketplace acme-tools?', [' ❯ 1. Yes, add', '   2. No, cancel']],
      ['Make these changes to acme/widgets?', [' ❯ No, cancel', '   Yes, make these changes']],
    ] as const) {
      const screen = classify([rule(80), ` ${title}`, '', ...rows, '', ' Enter to confirm · Esc to cancel']);
      expect(screen, title).toMatchObject({ kind: 'dialog', question: title, openedByUser: true });
    }
  });

  it('a word longer than the row, cut at the pane edge, is glued back into its label', () => {
    const screen = classify([
      rule(20),
      ' Install this LSP',
      ' plugin?',
      ' ❯ 1. Yes, install',
      '   2. Disable all',
      '      LSP',
      '      recommendation',
      '      s',
      '',
      ' Enter to confirm ·',
      ' Esc to cancel',
    ]);
    expect(screen.kind === 'dialog' && screen.options.map((o) => o.label)).toEqual(['Yes, install', 'Disable all LSP recommendations']);
  });
});
