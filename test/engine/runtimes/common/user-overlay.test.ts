/**
 * Overlays the user opens (issue 29) read as dialogs nobody is queued for. The screens are drawn from
 * the titles and footers in the pinned packages (Claude Code 2.1.332's bundle, Codex 0.171.0's binary):
 * no capture of them exists yet, so the surrounding rows are the ones the captures show around dialogs.
 */
import { describe, expect, it } from 'vitest';
import { runtimeById } from '../../../../main/engine/runtimes/catalog.ts';

const RULE = '─'.repeat(100);

describe('overlays the user opened', () => {
  it('reads Claude Code /model ("Select model") as a dialog opened by the user, with its options', () => {
    const screen = runtimeById('claude').classify({
      lines: [
        '● Done.',
        '',
        RULE,
        ' Select model',
        ' Your pick is the default for new sessions. For other models, use --model.',
        '',
        ' ❯ 1. Default (recommended)',
        '   2. Opus',
        '   3. Haiku',
        '',
        ' Enter to confirm · Esc to exit',
      ],
    });
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'claude.model-picker', question: 'Select model', openedByUser: true });
    expect(screen.kind === 'dialog' ? screen.options.map((o) => o.label) : []).toEqual(['Default (recommended)', 'Opus', 'Haiku']);
  });

  it("reads Claude Code's transcript viewer (ctrl+o) as a dialog opened by the user", () => {
    const screen = runtimeById('claude').classify({
      lines: [
        '❯ fix the tests',
        '● Bash(npm test)',
        '  ⎿  12 passed',
        '',
        '  Showing detailed transcript · ctrl+o to toggle · ↑/↓ to scroll · v to open in editor · ? for shortcuts',
      ],
    });
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'claude.transcript-viewer', openedByUser: true, options: [] });
  });

  it("reads Codex's transcript pager as a dialog opened by the user", () => {
    const screen = runtimeById('codex').classify({
      lines: [
        '/ T R A N S C R I P T / / / / / / / / / / / / / / / / / / / / / / / / / / /',
        '› run the tests',
        '• Ran npm test',
        '',
        '↑/↓ to scroll   q to quit',
      ],
    });
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'codex.transcript', openedByUser: true });
  });

  it('reads Codex /model ("Select Model and Effort") as a dialog opened by the user, never a permission', () => {
    const screen = runtimeById('codex').classify({
      lines: [
        '  Select Model and Effort',
        '  Pick a quick auto mode or browse all models.',
        '',
        '› 1. gpt-5.5-codex (current)',
        '  2. gpt-5.5',
        '',
        '  Press enter to confirm or esc to go back',
      ],
    });
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'codex.model-picker', openedByUser: true, highlighted: 0 });
  });

  it('leaves a dialog the agent raised as not opened by the user', () => {
    const screen = runtimeById('claude').classify({
      lines: [
        RULE,
        ' Accessing workspace:',
        '',
        ' /tmp/p',
        '',
        ' ❯ 1. Yes, I trust this folder',
        '   2. No, exit',
        '',
        ' Enter to confirm · Esc to cancel',
      ],
    });
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'claude.trust-folder' });
    expect(screen.kind === 'dialog' ? screen.openedByUser : undefined).toBeUndefined();
  });
});
