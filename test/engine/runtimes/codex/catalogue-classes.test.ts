/** Classes of Codex 0.171.0 views the catalogue (test/fixtures/catalogue/codex) showed read wrong. */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';

const classify = (lines: readonly string[]) => codexRuntime.classify({ lines });

describe('Codex 0.171.0 view classes from the catalogue', () => {
  it('a delete confirmation the user opened is an openedByUser dialog with no keys', () => {
    const screen = classify([
      '  Delete this session?',
      '',
      '  Also deletes subagents and saved side chats. Cannot be undone.',
      '',
      '› 1. No, keep this session',
      '  2. Yes, delete and return to command center',
      '',
      '  Press enter to confirm or esc to go back',
    ]);
    expect(screen).toMatchObject({
      kind: 'dialog',
      dialogId: 'codex.user-confirmation',
      question: 'Delete this session?',
      openedByUser: true,
      options: [
        { key: null, label: 'No, keep this session' },
        { key: null, label: 'Yes, delete and return to command center' },
      ],
    });
  });

  it('a selection whose "Press enter to …" footer wrapped over two rows is still a dialog, its wrapped label whole', () => {
    const screen = classify([
      '  Implement this plan?',
      '',
      '› 1. Yes, implement this plan',
      '  2. Yes, clear context and',
      '     implement',
      '  3. No, stay in Plan mode',
      '',
      '  Press enter to confirm or esc to go',
      '  back',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', question: 'Implement this plan?' });
    expect(screen.kind === 'dialog' && screen.options.map((o) => o.label)).toEqual([
      'Yes, implement this plan',
      'Yes, clear context and implement',
      'No, stay in Plan mode',
    ]);
  });

  it('a footer wrapped so that "Press enter to" stands alone on its row still ends a dialog', () => {
    const screen = classify([
      '  Implement this',
      '  plan?',
      '',
      '› 1. Yes, implement',
      '     this plan',
      '  2. No, stay in',
      '     Plan mode',
      '',
      '  Press enter to',
      '  confirm or esc to',
      '  go back',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', question: 'plan?' });
    expect(screen.kind === 'dialog' && screen.options.map((o) => o.label)).toEqual(['Yes, implement this plan', 'No, stay in Plan mode']);
  });

  it('an MCP elicitation asks by its server name; accepting is this one request, and no approve key is given', () => {
    const screen = classify([
      '  linear needs your approval.',
      '',
      '  Sign in to the linear workspace to continue.',
      '',
      '› 1. Yes, provide the requested info (y)',
      '  2. No, but continue without it (n)',
      '  3. Cancel this request (esc)',
      '',
      '  Press enter to confirm or esc to cancel',
    ]);
    expect(screen).toMatchObject({ kind: 'permission', question: 'linear needs your approval.', confidence: 'low' });
    expect(screen.kind === 'permission' && screen.options.map((o) => o.kind)).toEqual(['once', 'deny', 'deny']);
  });

  it('full access picked in /permissions asks a confirmation the user opened, wrapped tall in a narrow pane', () => {
    const warning = Array.from({ length: 40 }, (_, i) => `    warning row ${i}`);
    const screen = classify([
      '  Enable full',
      '  access?',
      '',
      ...warning,
      '',
      '› 1. Yes, continue',
      '     anyway',
      '  2. Cancel',
      '',
      '  Press enter to',
      '  confirm or esc to',
      '  go back',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', question: 'Enable full access?', openedByUser: true });
    expect(screen.kind === 'dialog' && screen.options.map((o) => [o.label, o.key])).toEqual([
      ['Yes, continue anyway', null],
      ['Cancel', null],
    ]);
  });
});
