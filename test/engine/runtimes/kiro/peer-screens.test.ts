/**
 * Kiro CLI 2.24–2.27 screens other projects captured (test/fixtures/peer-screens): state, options
 * with their kinds, highlight, and the approve / deny keys their notes require.
 */
import { describe, expect, it } from 'vitest';
import { approveKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { kiroRuntime } from '../../../../main/engine/runtimes/kiro/index.ts';
import { itHoldsToItsNotes, peerScreensOf } from '../peer-screen-notes.ts';

const MENU = [
  [null, 'Yes, single permission', 'once'],
  [null, 'Trust, always allow in this session', 'always'],
  [null, 'No (Tab to edit)', 'deny'],
] as const;

/** Permission screens: tool, subject, highlight, options. */
const PERMISSIONS: Record<
  string,
  readonly [tool: string, subject: string, highlighted: number, options: readonly (readonly [null, string, string])[]]
> = {
  'kiro-agentman-q-approval-2.24.1': ['shell', 'ls -la', 0, MENU],
  'kiro-agentman-q-trust-focused-2.24.1': ['shell', 'ls -la', 1, MENU],
  'kiro-agentman-write-approval-2.27': ['write', '/data/hello.txt', 0, MENU],
  'kiro-agentman-edit-approval-2.27': ['write', '/data/greeting.txt', 0, MENU],
  'kiro-agentman-web-fetch-approval-2.27': ['web_fetch', 'example.com', 0, MENU],
  'kiro-agentman-parallel-approval-2.27': ['shell', 'ls -la', 0, MENU],
  'kiro-agentman-task-list-approval-2.27': ['write', '/data/haiku.txt', 0, MENU],
  'kiro-agentman-subagent-approval-2.27': ['subagent', 'Orchestrating (1 agent)', 0, MENU],
  'kiro-thrum-shell-approval': ['shell', 'sudo ls /etc/sudoers.d', 0, MENU],
  'kiro-agentman-q-trust-options-2.24.1': [
    'shell',
    'ls -la',
    0,
    [
      [null, 'Full command: ls -la', 'always'],
      [null, 'Base command: ls *', 'always'],
      [null, 'Entire tool', 'always'],
    ],
  ],
  'kiro-agentman-write-trust-options-2.27': [
    'write',
    '/data/greeting.txt',
    0,
    [
      [null, 'Specific paths: greeting.txt', 'always'],
      [null, 'Complete directory: /data', 'always'],
      [null, 'Entire tool', 'always'],
    ],
  ],
};

describe('kiro-cli peer screens', () => {
  const screens = peerScreensOf('kiro');
  const classify = (id: string) => kiroRuntime.classify({ lines: screens.find((s) => s.id === id)?.lines ?? [] });

  it('has all twenty-nine', () => {
    expect(screens).toHaveLength(29);
  });

  itHoldsToItsNotes(kiroRuntime, screens);

  for (const [id, [tool, subject, highlighted, options]] of Object.entries(PERMISSIONS)) {
    it(`${id}: tool, subject, options with kinds, highlight`, () => {
      const screen = classify(id);
      if (screen.kind !== 'permission') throw new Error(`${id} read as ${screen.kind}`);
      expect([screen.tool, screen.subject, screen.highlighted, screen.confidence]).toEqual([tool, subject, highlighted, 'high']);
      expect(screen.options.map((o) => [o.key, o.label, o.kind])).toEqual(options);
    });
  }

  it('reads the reason editor as a dialog with no options', () => {
    const screen = classify('kiro-agentman-feedback-editor-2.27');
    expect(screen.kind === 'dialog' && [screen.dialogId, screen.question, screen.options]).toEqual([
      'kiro.approval-reason',
      'write requires approval · Modify request',
      [],
    ]);
  });

  it('never reads a menu the user opened (model, agent, rewind pickers) as idle or a prompt', () => {
    const kinds = ['kiro-agentman-model-picker-2.27', 'kiro-agentman-agent-picker-2.27', 'kiro-agentman-rewind-picker-2.27'].map(
      (id) => classify(id).kind,
    );
    expect(kinds).toEqual(['unknown', 'unknown', 'unknown']);
  });

  it('gives no confidence to a menu with two markers (mid-redraw)', () => {
    const lines = (screens.find((s) => s.id === 'kiro-agentman-q-approval-2.24.1')?.lines ?? []).map((l) =>
      l.replace('   No (Tab to edit)', ' ❯ No (Tab to edit)'),
    );
    const screen = kiroRuntime.classify({ lines });
    expect(screen.kind === 'permission' && [screen.confidence, approveKeyFor(screen)]).toEqual(['low', null]);
  });

  it('gives no confidence to a menu whose footer is cut off', () => {
    const lines = screens.find((s) => s.id === 'kiro-agentman-q-approval-2.24.1')?.lines ?? [];
    const cut = lines.slice(0, lines.findIndex((l) => l.includes('No (Tab to edit)')) + 1);
    const screen = kiroRuntime.classify({ lines: cut });
    expect(screen.kind === 'permission' && approveKeyFor(screen)).toBeNull();
  });
});
