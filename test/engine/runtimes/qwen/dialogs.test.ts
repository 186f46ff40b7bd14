/**
 * Qwen Code 0.24.4 screens its bundle draws that no capture holds (the layouts of test/fixtures/catalogue/qwen, see
 * test/support/catalogue/render-qwen.ts): narrow panes, plan approval, the question view's submit tab and `/trust`.
 * Each read here was wrong before (`unknown`, a plain dialog, or no id).
 */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { qwenRuntime } from '../../../../main/engine/runtimes/qwen/index.ts';

const read = (lines: string[]) => qwenRuntime.classify({ lines });

describe('Qwen Code screens drawn from its bundle', () => {
  it('reads an MCP confirmation whose question a 40-column pane cut to its row, the waiting line cut too', () => {
    const screen = read([
      '  > [[do]] it now',
      '  ? list_issues (github MCP          ←',
      '    Server) {"repo":"acme/app"}',
      '',
      '     MCP Server: github',
      '     Tool: list_issues',
      '',
      '   Allow execution of MCP tool "list_i…',
      '',
      '   › 1. Yes, allow once',
      '     2. Always allow in this proje…',
      '     3. Always allow for this user',
      '     4. No, suggest changes (esc)',
      '',
      '',
      '  ⠏ Waiting for user confirmation...',
    ]);
    expect(screen).toMatchObject({
      kind: 'permission',
      tool: 'list_issues',
      question: 'Allow execution of MCP tool "list_i…',
    });
    if (screen.kind === 'permission') expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', '4']);
  });

  it('reads plan approval as a dialog: its yes rows switch modes, none is single-use', () => {
    const screen = read([
      '  ? ExitPlanMode Plan: add a --verbose flag              ←',
      '',
      '     Plan: add a --verbose flag',
      '     1. Parse --verbose in cli.ts',
      '     2. Document it in the README',
      '',
      '   Would you like to proceed?',
      '',
      '   › 1. Yes, restore previous mode (default)',
      '     2. Yes, and auto-accept edits',
      '     3. Yes, and manually approve edits',
      '     4. No, keep planning (esc)',
      '',
      '',
      '  ⠏ Waiting for user confirmation...',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'qwen.plan', question: 'Would you like to proceed?', highlighted: 0 });
    expect(screen.kind === 'dialog' ? screen.options.map((o) => o.kind) : null).toEqual(['always', 'always', 'always', 'deny']);
  });

  it("reads the question view's submit tab", () => {
    const screen = read([
      '  ? AskUserQuestion Ask user 2 questions                 ←',
      '',
      '   Colour ✓  Size ✓  ▸ Submit',
      '',
      '   Your answers:',
      '     Colour: Red',
      '     Size: Large',
      '',
      '   Ready to submit your answers?',
      '',
      '   › 1. Submit answers',
      '     2. Cancel',
      '',
      '   ↑/↓: Navigate | ←/→: Switch tabs | Enter: Select',
      '',
      '  ⠏ Waiting for user confirmation...',
    ]);
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'qwen.ask-user', question: 'Ready to submit your answers?' });
  });

  it('reads /trust as a view the user opened, and folder trust wrapped in a narrow pane as folder trust', () => {
    const trust = read([
      '   ╭────────────────────────────────────────────────────────',
      '   │',
      '   │ > Modify Trust Level',
      '   │',
      '   │ Folder: /tmp/project',
      '   │ Current Level: Not Set',
      '   │',
      '   │ › 1. Trust this folder',
      '   │   2. Trust parent folder',
      "   │   3. Don't trust",
      '   │',
      '   │ (Use Enter to select)',
      '   │',
      '   ╰────────────────────────────────────────────────────────',
    ]);
    expect(trust).toMatchObject({ kind: 'dialog', dialogId: 'qwen.trust-modify', openedByUser: true });
    const narrow = read([
      '   ╭────────────────────',
      '   │',
      '   │ Do you trust',
      '   │ this folder?',
      '   │ Trusting a',
      '   │ folder allows',
      '   │',
      '   │ › 1. Trust fold…',
      '   │   2. Trust pare…',
      "   │   3. Don't trus…",
      '   │',
      '   ╰────────────────────',
    ]);
    expect(narrow).toMatchObject({ kind: 'dialog', dialogId: 'qwen.trust-folder', question: 'Do you trust this folder?' });
  });
});
