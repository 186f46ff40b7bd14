/**
 * The generic menu recogniser over hand-made menus: the list styles and markers it reads, the rows
 * it allows under a menu, and the screens that must not become a menu (prose, an answer above an
 * input prompt, a list that is not at the bottom). Whatever it reads is low confidence: no approve key.
 */
import { describe, expect, it } from 'vitest';
import { recogniseGenericMenu } from '../../../../main/engine/runtimes/common/generic-menu.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import type { PermissionPrompt, Screen } from '../../../../main/engine/runtimes/types.ts';

const menu = (text: string): string[] => text.split('\n');

function permission(screen: Screen | null): PermissionPrompt {
  if (screen?.kind !== 'permission') throw new Error(`expected a permission, got ${screen?.kind ?? 'null'}`);
  return screen;
}

describe('generic menu: list styles', () => {
  it('reads a numbered `1.` list with a ❯ marker as a low-confidence permission, deny by Esc', () => {
    const screen = permission(
      recogniseGenericMenu(
        menu(`Some earlier output

 Shell: rm -rf build
 Do you want to run this command?
 ❯ 1. Yes
   2. Yes, and don't ask again for rm
   3. No

 Esc to cancel · Enter to select`),
        'claude',
      ),
    );
    expect(screen).toMatchObject({
      confidence: 'low',
      question: 'Do you want to run this command?',
      subject: 'Shell: rm -rf build',
      highlighted: 0,
    });
    expect(screen.options.map((o) => [o.key, o.label, o.kind])).toEqual([
      ['1', 'Yes', 'once'],
      ['2', "Yes, and don't ask again for rm", 'always'],
      ['3', 'No', 'deny'],
    ]);
    expect(approveKeyFor(screen)).toBeNull();
    expect(denyKeyFor(screen)).toBe('Escape');
  });

  it('reads `1)` without a marker as a dialog with no highlight', () => {
    const screen = recogniseGenericMenu(
      menu(`Which model should I use for this task?\n  1) Fast\n  2) Careful\n\n↑/↓ to navigate · enter to choose`),
      'codex',
    );
    expect(screen).toMatchObject({
      kind: 'dialog',
      dialogId: null,
      highlighted: null,
      question: 'Which model should I use for this task?',
    });
    expect(screen?.options.map((o) => o.label)).toEqual(['Fast', 'Careful']);
  });

  it('reads `[1]` options with a → marker and two hint rows', () => {
    const screen = recogniseGenericMenu(
      menu(
        ` Choose an option:\n   → [1] Keep going\n     [2] Stop here\n\n [↑↓] Navigate • [Enter] Confirm\n Press 1/2 to select directly • Esc to skip`,
      ),
      'auggie',
    );
    expect(screen).toMatchObject({ kind: 'dialog', question: 'Choose an option:', highlighted: 0 });
    expect(screen?.options.map((o) => o.key)).toEqual(['1', '2']);
  });

  it('reads a lettered list, `a.` and `(a)`, with a > marker', () => {
    const dotted = recogniseGenericMenu(
      menu(`Allow fetching https://example.com?\n> a. Allow\n  b. Deny\n\n(press a or b to choose, esc to cancel)`),
      'opencode',
    );
    expect(dotted?.options.map((o) => [o.key, o.kind])).toEqual([
      ['a', 'once'],
      ['b', 'deny'],
    ]);
    expect(dotted).toMatchObject({ kind: 'permission', highlighted: 0, escapeDenies: true });
    const parens = recogniseGenericMenu(menu(`What next?\n  (a) Write tests\n  (b) Refactor\n  (c) Stop\nEnter to select`), 'kiro');
    expect(parens?.options.map((o) => o.key)).toEqual(['a', 'b', 'c']);
  });

  it('takes box borders off the rows', () => {
    const screen = recogniseGenericMenu(
      menu(`╭──────────────────────────────────────╮
│ Do you want to write notes.txt?      │
│ ❯ 1. Yes                             │
│   2. No                              │
│ Esc to cancel                        │
╰──────────────────────────────────────╯`),
      'cursor',
    );
    expect(permission(screen).options.map((o) => o.label)).toEqual(['Yes', 'No']);
  });

  it('joins a label wrapped under its text and one tmux wrapped at column 0', () => {
    const width = 40;
    const long = '  2. Yes, and allow this host for the rest of this conversation';
    const screen = recogniseGenericMenu(
      menu(
        `Allow network access to example.com?\n  1. Yes, just this once\n     (the request is retried)\n${long.slice(0, width)}\n${long.slice(width)}\n  3. No\nEsc to cancel`,
      ),
      'codex',
    );
    expect(permission(screen).options.map((o) => [o.label, o.kind])).toEqual([
      ['Yes, just this once (the request is retried)', 'always'],
      ['Yes, and allow this host for the rest of this conversation', 'always'],
      ['No', 'deny'],
    ]);
  });

  it('allows extra rows under the menu that name other keys', () => {
    const screen = recogniseGenericMenu(
      menu(`Delete this file?\n  → 1. Delete\n    2. Keep\n\nEnter to confirm\n                 ctrl+r to review changed files`),
      'cursor',
    );
    expect(screen?.options.map((o) => o.label)).toEqual(['Delete', 'Keep']);
  });

  it('says deny only where the hint names the cancel key', () => {
    const noEsc = permission(recogniseGenericMenu(menu(`Do you want to proceed?\n❯ 1. Yes\n  2. No\nEnter to select`), 'claude'));
    expect(noEsc.escapeDenies).toBe(false);
    expect(denyKeyFor(noEsc)).toBeNull();
  });
});

describe('generic menu: what is not a menu', () => {
  it('ignores prose with numbers', () => {
    expect(
      recogniseGenericMenu(menu(`I changed 3 files in 2 steps.\n1. Renamed the loader.\n2. Fixed the test.\nDone?`), 'claude'),
    ).toBeNull();
  });

  it('ignores a numbered list in an answer above an idle input box', () => {
    const screen = menu(`Which would you prefer?
1. Revert the loader
2. Revert everything

╭────────────────────────────────────────╮
│ >                                      │
╰────────────────────────────────────────╯
  ? for shortcuts · enter to submit`);
    expect(recogniseGenericMenu(screen, 'claude')).toBeNull();
  });

  it('ignores a numbered list above a Codex-like composer with its footer', () => {
    const screen = menu(
      `Which one do you want?\n  1. Option one\n  2. Option two\n\n› Ask Codex to do anything\n\n  ? for shortcuts · Esc to cancel`,
    );
    expect(recogniseGenericMenu(screen, 'codex')).toBeNull();
  });

  it('ignores a list while the agent works (the only hint is not a menu hint)', () => {
    expect(recogniseGenericMenu(menu(`Should I go on?\n1. Yes\n2. No\n\n✻ Working… (esc to interrupt)`), 'claude')).toBeNull();
  });

  it('ignores a list with words between it and the hint', () => {
    expect(recogniseGenericMenu(menu(`Do you want to proceed?\n1. Yes\n2. No\nI will wait for you.\nEsc to cancel`), 'claude')).toBeNull();
  });

  it('ignores lists without a question, not starting at 1, with gaps or with two markers', () => {
    expect(recogniseGenericMenu(menu(`Here are the options\n1. Yes\n2. No\nEsc to cancel`), 'claude')).toBeNull();
    expect(recogniseGenericMenu(menu(`Proceed?\n2. Yes\n3. No\nEsc to cancel`), 'claude')).toBeNull();
    expect(recogniseGenericMenu(menu(`Proceed?\n1. Yes\n3. No\nEsc to cancel`), 'claude')).toBeNull();
    expect(recogniseGenericMenu(menu(`Proceed?\n❯ 1. Yes\n❯ 2. No\nEsc to cancel`), 'claude')).toBeNull();
    expect(recogniseGenericMenu(menu(`Proceed?\n1. Yes\nEsc to cancel`), 'claude')).toBeNull();
  });
});

describe('generic menu: behind the runtimes', () => {
  const newShape = menu(`● Bash(make deploy)

  Would you like to run make deploy?
  ▸ [1] Run it
    [2] Run it, and never ask for make
    [3] Cancel

  ↑↓ select · ⏎ confirm · esc cancel`);

  it('turns a Claude screen its parser does not know into a low-confidence permission with its options', () => {
    const screen = permission(claudeRuntime.classify({ lines: newShape }));
    expect(screen).toMatchObject({ runtime: 'claude', question: 'Would you like to run make deploy?', confidence: 'low' });
    // "Run it" beside a row that states the wider grant ("never ask") is the single-use answer
    // (option kinds from the menu, issue 29); the parse is still low confidence, so no approve key.
    expect(screen.options.map((o) => o.kind)).toEqual(['once', 'always', 'deny']);
    expect(approveKeyFor(screen)).toBeNull();
    expect(denyKeyFor(screen)).toBe('Escape');
  });

  it('never gives an approve key, even for a menu whose only yes is single-use', () => {
    const screen = permission(
      codexRuntime.classify({ lines: menu(`Allow this command?\n❯ 1. Yes\n  2. No\n\nEnter to confirm · Esc to cancel`) }),
    );
    expect(screen.options.filter((o) => o.kind === 'once')).toHaveLength(1);
    expect(screen.highlighted).toBe(0);
    expect(approveKeyFor(screen)).toBeNull();
    expect(approveKeyFor({ ...screen, approveByEnterOnHighlight: true })).toBeNull();
  });
});
