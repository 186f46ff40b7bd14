import { describe, expect, it } from 'vitest';
import { classifyOptionLabel, normaliseLabel } from '../../../../main/engine/runtimes/common/classify-option.ts';

describe('classifyOptionLabel', () => {
  it.each([
    ['Yes', 'once'],
    ['Yes, proceed (y)', 'once'],
    ['Allow once', 'once'],
    ['Yes, allow reading from /tmp from this project', 'always'],
    ['Yes, and switch to auto mode · auto mode handles these prompts for you', 'always'],
    ["Yes, and don't ask again for 127.0.0.1", 'always'],
    ["Yes, and don't ask again for commands that start with `touch x` (p)", 'always'],
    ["Yes, and don't ask again for these files (a)", 'always'],
    ['Yes, allow all edits during this session (shift+tab)', 'always'],
    ['Yes, and switch to accept edits (auto-approve file edits and common file commands) for this session (shift+tab)', 'always'],
    ['Yes, and always allow access to /home/dev/x from this project', 'always'],
    ['Yes, allow reading from outside/ during this session', 'always'],
    ['Allow always', 'always'],
    ['Yes, and tell Claude what to do next', 'always'],
    ['No', 'deny'],
    ['Reject', 'deny'],
    ['No, and tell Codex what to do differently (esc)', 'deny'],
    ['No, but allow this once', 'other'],
    // Seen in the wild, not captured: Codex 0.169.0 network / permission grants, Claude in Chrome.
    ['Yes, just this once', 'once'],
    ['Yes, just this once (y)', 'once'],
    ['Yes, and allow this host for this conversation', 'always'],
    ['Yes, and allow this host in the future (p)', 'always'],
    ['Yes, and allow these permissions for this session', 'always'],
    ['Yes, grant these permissions for this turn', 'always'],
    // Wordings a generic menu may show: a grant that stops the asking is never single-use.
    ['Run it, and never ask for make', 'always'],
    ['Yes, and stop asking about git', 'always'],
    ['Yes, grant for this turn with strict auto review', 'always'],
    ['Yes, just this once and for this conversation', 'always'],
    ['No, continue without running it', 'deny'],
    ['No, continue without running it (esc)', 'deny'],
    ['No, but continue without it', 'deny'],
    ['No, and block this host in the future', 'other'],
    // Gemini CLI 0.61.0 and Qwen Code 0.24.4 (their bundles): folder trust's refusal, the IDE nudge's lasting no.
    ["Don't trust", 'deny'],
    ["Don't trust (esc)", 'deny'],
    ["No, don't ask again", 'other'],
    // Cut short by a narrow pane: what is hidden may widen it.
    ["No, don't…", 'other'],
    ['No, sugges…', 'other'],
    ['Allow o…', 'always'],
    ['Yes…', 'other'],
    ['Modify wit…', 'other'],
    ["Always allow run 'echo *' commands in this pro…", 'always'],
    ['No, suggest chan… ctrl+r to review', 'other'],
    ['No, continue and allow it', 'other'],
    ['Allow', 'once'],
    ['Allow all actions on example.com for this session', 'always'],
    ['Deny (esc)', 'deny'],
    // Auggie's indexing consent: only the answer bounded to this asking is single-use.
    ['Index this workspace for this session', 'once'],
    ['[3] Index this workspace for this session', 'always'],
    ['Index this workspace for this session and future sessions', 'always'],
    ['Always index this workspace - Unlock full workspace understanding', 'always'],
    ['Never index this workspace - Use basic assistance only', 'always'],
    ['Index this workspace', 'always'],
    ['Skip indexing for this session', 'other'],
    ['Yes, for this session', 'always'],
    // Cursor agent 2026.09.26 and Kiro CLI 2.24–2.27, from peer captures (test/fixtures/peer-screens).
    ['Run (once) (y)', 'once'],
    ['Delete (y)', 'once'],
    ['Yes, single permission', 'once'],
    ['Keep (n)', 'deny'],
    ['Skip (esc or n)', 'deny'],
    ['Skip & tell the agent what to do instead (esc or n)', 'deny'],
    ['No (Tab to edit)', 'deny'],
    ['No, propose changes (p or Esc)', 'deny'],
    ['Add Shell(echo) to allowlist? (tab)', 'always'],
    ['Add Shell(curl) to allow-list', 'always'],
    ['Run Everything (shift+tab)', 'always'],
    ['Trust, always allow in this session', 'always'],
    ['Trust this workspace', 'always'],
    ['Yes, build locally (b)', 'always'],
    ['Auto-approve all future requests', 'always'],
    ['Approve all pending', 'always'],
    ['Keep going', 'other'],
    ['Keep allowing (k)', 'other'],
    ['Delete everything', 'always'],
    ['Red', 'other'],
    ['Type something.', 'other'],
    ['', 'other'],
  ] as const)('%s -> %s', (label, kind) => {
    expect(classifyOptionLabel(label)).toBe(kind);
  });

  it('strips trailing key hints', () => {
    expect(normaliseLabel('  Yes, proceed (y) ')).toBe('yes, proceed');
    expect(normaliseLabel('No (recommended)')).toBe('no');
  });
});
