/**
 * Gemini CLI 0.61.0 screens its bundle draws that no capture holds (the layouts of test/fixtures/catalogue/gemini,
 * see test/support/catalogue/render-gemini.ts): narrow panes, sandbox access, plan approval, and the views the user
 * opens. Each read here was wrong before (a dialog, `unknown`, or no id).
 */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { geminiRuntime } from '../../../../main/engine/runtimes/gemini/index.ts';

const read = (lines: string[]) => geminiRuntime.classify({ lines });

describe('Gemini CLI screens drawn from its bundle', () => {
  it('reads a shell confirmation whose question a 20-column pane wrapped; the cut No row is not taken for a no', () => {
    const screen = read([
      '╭──────────────────╮',
      '│ ? Shell  npm ru… │',
      '│ ╭──────────────╮ │',
      '│ │ npm run      │ │',
      '│ │ build        │ │',
      '│ ╰──────────────╯ │',
      '│ Allow execution  │',
      '│ of [Shell]?      │',
      '│                  │',
      '│ ● 1. Allow once  │',
      '│   2. Allow for … │',
      '│   3. No, sugges… │',
      '╰──────────────────╯',
    ]);
    expect(screen).toMatchObject({ kind: 'permission', tool: 'Shell', question: 'Allow execution of [Shell]?' });
    if (screen.kind !== 'permission') return;
    expect(screen.options.map((o) => o.kind)).toEqual(['once', 'always', 'other']);
    // Escape cancels the request: the one no that does not depend on a cut label.
    expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', 'Escape']);
  });

  it('reads a sandboxed command asking for more access as a permission', () => {
    const screen = read([
      '╭──────────────────────────────────────╮',
      '│ ? Shell  npm install                 │',
      '│ ╭──────────────────────────────────╮ │',
      '│ │ npm install                      │ │',
      '│ ╰──────────────────────────────────╯ │',
      '│ To run [Shell], allow access to the  │',
      '│ following?                           │',
      '│ • Network: All Urls                  │',
      '│ • Write: /home/user/.npm             │',
      '│                                      │',
      '│ ● 1. Allow once                      │',
      '│   2. Allow for this session          │',
      '│   3. No, suggest changes (esc)       │',
      '╰──────────────────────────────────────╯',
    ]);
    expect(screen).toMatchObject({ kind: 'permission', question: 'To run [Shell], allow access to the following?' });
    if (screen.kind === 'permission') expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', '3']);
  });

  it('knows folder trust in a 20-column pane; Don’t trust is a no, cut or not', () => {
    const screen = read([
      ' ╭─────────────────╮',
      ' │                 │',
      ' │ Do you trust    │',
      ' │ the files in    │',
      ' │ this folder?    │',
      ' │                 │',
      ' │ ● 1. Trust fol… │',
      ' │   2. Trust par… │',
      ' │   3. Don’t tru… │',
      ' │                 │',
      ' ╰─────────────────╯',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'gemini.trust-folder', question: 'Do you trust the files in this folder?' });
    const wide = read([
      ' ╭───╮',
      ' │ Do you trust the files in this folder? │',
      ' │ ● 1. Trust folder (project) │',
      " │   2. Don't trust │",
      ' ╰───╯',
    ]);
    expect(wide.kind === 'dialog' ? wide.options.map((o) => o.kind) : null).toEqual(['always', 'deny']);
  });

  it('knows plan approval, its long options wrapped with their descriptions', () => {
    const screen = read([
      '╭──────────────────────────────────────╮',
      '│ Ready to start implementation?       │',
      '│                                      │',
      '│ Add a --verbose flag to the CLI and  │',
      '│ document it in the README.           │',
      '│                                      │',
      '│ ● 1.  Yes, automatically accept      │',
      '│       edits                          │',
      '│       Approves plan and allows tools │',
      '│       to run automatically           │',
      '│   2.  Yes, manually accept edits     │',
      '│       Approves plan but requires     │',
      '│       confirmation for each tool     │',
      '│   3.  Type your feedback...          │',
      '│                                      │',
      '│ Enter to select · ↑/↓ to navigate ·  │',
      '│ Ctrl+X to edit plan · Esc to cancel  │',
      '╰──────────────────────────────────────╯',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'gemini.plan', question: 'Ready to start implementation?' });
    expect(screen.kind === 'dialog' ? screen.options.map((o) => o.kind) : null).toEqual(['always', 'always', 'other']);
  });

  it('reads /privacy, /rewind and a text-only notice as views the user opened', () => {
    const privacy = read([
      'Allow Google to use this data to develop',
      'and improve our products and services?',
      '● 1. Yes, grant permission to use my',
      '     data for product improvement',
      '     (Opt-in)',
      '  2. No, deny permission to use my data',
      '     for product improvement (Opt-out)',
      '',
      'Press Enter to choose an option and',
      'exit.',
    ]);
    expect(privacy).toMatchObject({
      kind: 'dialog',
      dialogId: 'gemini.privacy',
      openedByUser: true,
      question: 'Allow Google to use this data to develop and improve our products and services?',
    });
    const rewind = read([
      'Rewind - Select a conversation point:',
      '  1. Fix the failing date test',
      '● 2. Stay at current position',
      'Press Esc to exit, Enter to select, arrow keys to navigate.',
    ]);
    expect(rewind).toMatchObject({ kind: 'dialog', dialogId: 'gemini.rewind', openedByUser: true });
    const notice = read([
      'Vertex AI Notice',
      '',
      'Service Specific Terms[1] are incorporated into the agreement.',
      '',
      'Press Esc to exit.',
    ]);
    expect(notice).toMatchObject({ kind: 'dialog', dialogId: 'gemini.notice', openedByUser: true, options: [] });
  });

  it('reads the signed-out choice after /auth logout as a view the user opened', () => {
    const screen = read([
      ' ╭──────────────────────────────────────╮',
      ' │                                      │',
      ' │ You are now signed out               │',
      ' │ Sign in again to continue using      │',
      ' │ Gemini CLI, or exit the application. │',
      ' │                                      │',
      ' │ ● 1. Sign in                         │',
      ' │   2. Exit                            │',
      ' │                                      │',
      ' │ (Use Enter to select)                │',
      ' │                                      │',
      ' ╰──────────────────────────────────────╯',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'gemini.signed-out', openedByUser: true });
  });
});
