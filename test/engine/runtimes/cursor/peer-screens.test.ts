/**
 * Cursor agent 2026.09.26 screens other projects captured (test/fixtures/peer-screens): state,
 * options with their keys and kinds, highlight, and the approve / deny keys their notes require.
 */
import { describe, expect, it } from 'vitest';
import { cursorRuntime } from '../../../../main/engine/runtimes/cursor/index.ts';
import { itHoldsToItsNotes, peerScreensOf } from '../peer-screen-notes.ts';

type Row = readonly [key: string | null, label: string, kind: string];

/** What the options read as, per screen with options (permission or dialog). */
const OPTIONS: Record<string, { readonly kind: string; readonly highlighted: number | null; readonly options: readonly Row[] }> = {
  'cursor-agentman-shell-approval-2026.09.26': {
    kind: 'permission',
    highlighted: 0,
    options: [
      ['y', 'Run (once) (y)', 'once'],
      ['Tab', 'Add Shell(echo) to allowlist? (tab)', 'always'],
      ['BTab', 'Run Everything (shift+tab)', 'always'],
      ['n', 'Skip & tell the agent what to do instead (esc or n)', 'deny'],
    ],
  },
  'cursor-agentman-delete-approval-2026.09.26': {
    kind: 'permission',
    highlighted: 0,
    options: [
      ['y', 'Delete (y)', 'once'],
      ['n', 'Keep (n)', 'deny'],
    ],
  },
  'cursor-thrum-not-in-allowlist': {
    kind: 'permission',
    highlighted: 0,
    options: [
      ['y', 'Run (once) (y)', 'once'],
      ['Tab', 'Add Shell(curl) to allowlist? (tab)', 'always'],
      ['n', 'Skip (esc or n)', 'deny'],
    ],
  },
  'cursor-agentman-plan-approval-focus-2-2026.09.26': {
    kind: 'dialog',
    highlighted: 1,
    options: [
      ['b', 'Yes, build locally (b)', 'always'],
      ['p', 'No, propose changes (p or Esc)', 'deny'],
    ],
  },
  'cursor-agentman-trust-2026.09.26': {
    kind: 'dialog',
    highlighted: 0,
    options: [
      ['a', 'Trust this workspace', 'always'],
      ['q', 'Quit', 'other'],
    ],
  },
  'cursor-agentman-skip-box-2026.09.26': { kind: 'dialog', highlighted: null, options: [] },
};

describe('cursor agent peer screens', () => {
  const screens = peerScreensOf('cursor');

  it('has all twenty-six', () => {
    expect(screens).toHaveLength(26);
  });

  itHoldsToItsNotes(cursorRuntime, screens);

  for (const [id, want] of Object.entries(OPTIONS)) {
    it(`${id}: options with keys and kinds, highlight`, () => {
      const peer = screens.find((s) => s.id === id);
      const screen = cursorRuntime.classify({ lines: peer?.lines ?? [] });
      if (screen.kind !== 'permission' && screen.kind !== 'dialog') throw new Error(`${id} read as ${screen.kind}`);
      expect([screen.kind, screen.highlighted]).toEqual([want.kind, want.highlighted]);
      expect(screen.options.map((o) => [o.key, o.label, o.kind])).toEqual(want.options);
    });
  }

  it('reads the command and the file the approvals are about', () => {
    const subjects = [
      'cursor-agentman-shell-approval-2026.09.26',
      'cursor-agentman-delete-approval-2026.09.26',
      'cursor-thrum-not-in-allowlist',
    ].map((id) => {
      const screen = cursorRuntime.classify({ lines: screens.find((s) => s.id === id)?.lines ?? [] });
      return screen.kind === 'permission' ? [screen.tool, screen.subject, screen.confidence] : screen.kind;
    });
    expect(subjects).toEqual([
      ['Shell', 'echo agentman-research', 'high'],
      ['Delete', 'hello.txt', 'high'],
      [null, 'curl https://example.com', 'high'],
    ]);
  });

  it('shows the spinner line as the working indicator', () => {
    const screen = cursorRuntime.classify({
      lines: screens.find((s) => s.id === 'cursor-agentman-busy-running-tool-2026.09.26')?.lines ?? [],
    });
    expect(screen.kind === 'working' && screen.indicator).toBe('⠞ Running  71 tokens');
    expect(cursorRuntime.isVolatileLine('⠀⠞ Running  71 tokens')).toBe(true);
  });

  it('does not read an answered trust box in the scrollback as the question', () => {
    const idle = screens.find((s) => s.id === 'cursor-agentman-idle-after-trust-2026.09.26')?.lines ?? [];
    // Cut right under the box: the box ends the screen, but it says `⏳ Trusting workspace...`.
    const boxOnly = idle.slice(0, idle.findIndex((l) => l.includes('╰')) + 1);
    expect(cursorRuntime.classify({ lines: boxOnly }).kind).toBe('unknown');
  });

  it('does not read a plan box as live when a composer is drawn under it', () => {
    const plan = screens.find((s) => s.id === 'cursor-agentman-plan-approval-focus-2-2026.09.26')?.lines ?? [];
    const answered = [...plan, ' ' + '▄'.repeat(60), '  → Add a follow-up', ' ' + '▀'.repeat(60), '  Auto'];
    expect(cursorRuntime.classify({ lines: answered }).kind).toBe('idle');
  });
});
