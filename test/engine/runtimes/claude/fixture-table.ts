/**
 * What every Claude capture must classify as, written from each capture's .md note (2.1.329) and, for the
 * 2.1.197 captures (which have no notes), from the same-named 2.1.329 note plus the screen and the
 * session file status in the .meta. Never generated from the parser's output.
 */
import type { OptionKind } from '../../../../main/engine/runtimes/types.ts';

export type Expected =
  | {
      readonly kind: 'permission';
      readonly tool: string;
      readonly subject: string;
      readonly question: string;
      readonly kinds: readonly OptionKind[];
      readonly highlighted: number;
      readonly confidence: 'high' | 'low';
      readonly approve: string | null;
      readonly deny: string;
    }
  | {
      readonly kind: 'dialog';
      readonly dialogId: string;
      readonly highlighted: number;
      readonly labels: readonly string[];
      readonly keys: readonly (string | null)[];
    }
  | { readonly kind: 'idle'; readonly draft: string }
  | { readonly kind: 'working'; readonly indicator: string }
  | { readonly kind: 'unknown' };

const idle: Expected = { kind: 'idle', draft: '' };
const working = (indicator: string): Expected => ({ kind: 'working', indicator });

const PROCEED = 'Do you want to proceed?';
const FETCH_Q = 'Do you want to allow Claude to fetch this content?';
const URL = 'http://127.0.0.1:18080/lab-page.html';

function perm(
  tool: string,
  subject: string,
  question: string,
  kinds: readonly OptionKind[],
  approve: string | null,
  deny: string,
  confidence: 'high' | 'low' = 'high',
): Expected {
  return { kind: 'permission', tool, subject, question, kinds, highlighted: 0, confidence, approve, deny };
}

// 2.1.329: 1 Yes · 2 remember (wording varies) · 3 switch to auto mode · 4 No. Verified: 1 approves once, 4 and Esc deny.
const bash329 = (cmd: string) => perm('Bash command', cmd, PROCEED, ['once', 'always', 'always', 'deny'], '1', '4');
// 2.1.197: no auto-mode option; 1 Yes · 2 remember · 3 No.
const bash197 = (cmd: string) => perm('Bash command', cmd, PROCEED, ['once', 'always', 'deny'], '1', '3');
const three = (tool: string, subject: string, question: string) => perm(tool, subject, question, ['once', 'always', 'deny'], '1', '3');

const dialog = (dialogId: string, highlighted: number, labels: readonly string[], keys: readonly (string | null)[]): Expected => ({
  kind: 'dialog',
  dialogId,
  highlighted,
  labels,
  keys,
});
const ASK_LABELS = ['Red', 'Blue', 'Type something.', 'Chat about this'];
const ASK_KEYS = ['1', '2', '3', '4'];

/** panes/claude (Claude Code 2.1.329). */
export const CLAUDE_2_1_329: Readonly<Record<string, Expected>> = {
  'ask-user-question': dialog('claude.ask-user-question', 0, ASK_LABELS, ASK_KEYS),
  'ask-user-question-after-2': idle,
  'ask-user-question-after-esc': idle,
  // The input shows the placeholder "Once fixed, resend your message": nothing was typed.
  'error-not-logged-in-key-rejected': idle,
  'hooks-on-after-1': idle,
  'hooks-on-idle-after-75s': idle,
  'hooks-on-perm-bash': bash329('ls -la /tmp'),
  'hooks-on-perm-bash-after-75s': bash329('ls -la /tmp'),
  'idle-accept-edits-mode': idle,
  'idle-after-slow-turn': idle,
  'idle-after-thinking-turn': idle,
  'idle-after-turn': idle,
  'idle-after-turn-noaltscreen': idle,
  'idle-auto-mode': idle,
  'idle-fresh-session': idle,
  'idle-partial-input': { kind: 'idle', draft: 'please refactor the parser so that' },
  'idle-plan-mode': idle,
  'idle-seeded-start': idle,
  'noalt-idle-start': idle,
  'perm-bash': bash329('ls -la /tmp'),
  'perm-bash-after-1': idle,
  'perm-bash-after-2-read': idle,
  'perm-bash-after-3-auto-mode': idle,
  'perm-bash-after-4': idle,
  'perm-bash-after-enter': idle,
  'perm-bash-after-esc': idle,
  'perm-bash-after-n': bash329('ls -la /tmp'),
  'perm-bash-after-y': bash329('ls -la /tmp'),
  'perm-bash-dont-ask-again': bash329('mkdir -p build && touch build/out.txt'),
  'perm-bash-dont-ask-again-after-2': idle,
  'perm-bash-noaltscreen': bash329('ls -la /tmp'),
  // Option 1 became a text field ("Yes, and tell Claude what to do next"); only Esc was verified to deny there.
  'perm-bash-tab-amend': perm('Bash command', 'ls -la /tmp', PROCEED, ['always', 'always', 'always', 'deny'], null, 'Escape', 'low'),
  'perm-bash-touch': bash329('touch auto-mode-test.txt'),
  'perm-bash-with-thinking': bash329('ls -la /tmp'),
  'perm-edit-existing-file': three('Edit file', 'notes.txt', 'Do you want to make this edit to notes.txt?'),
  'perm-edit-after-1': idle,
  'perm-edit-after-2-accept-edits': idle,
  'perm-edit-after-3': idle,
  'perm-edit-after-esc': idle,
  'perm-read-outside': three('Read file', '/home/dev/lab-claude/outside/secret.txt', PROCEED),
  'perm-read-outside-after-1': idle,
  'perm-read-outside-after-2': idle,
  'perm-read-outside-after-3': idle,
  'perm-webfetch': three('Fetch', URL, FETCH_Q),
  'perm-webfetch-after-1': idle,
  'perm-webfetch-after-2': idle,
  'perm-webfetch-after-3': idle,
  'perm-write-new-file': three('Create file', 'hello_lab.txt', 'Do you want to create hello_lab.txt?'),
  'perm-write-after-1': idle,
  'perm-write-after-2-accept-edits': idle,
  'perm-write-after-3': idle,
  'perm-write-after-esc': idle,
  'plan-approval': dialog('claude.plan-approval', 0, ['Yes, and switch to default (ask each time) for this session', 'No'], ['1', '2']),
  'plan-approval-after-1': idle,
  'plan-approval-after-2': idle,
  // Unnumbered options: no key selects one directly (the note: "2" did nothing on the trust dialog).
  'startup-api-key-confirm': dialog('claude.api-key', 1, ['Yes', 'No (recommended)'], [null, null]),
  'startup-api-key-confirm-yes-selected': dialog('claude.api-key', 0, ['Yes', 'No (recommended)'], [null, null]),
  'startup-auto-mode-default-offer': dialog(
    'claude.auto-mode-offer',
    0,
    ['Yes, set auto mode as my default permission mode', 'No, keep manual mode'],
    [null, null],
  ),
  'startup-first-idle-auto-mode-notice': idle,
  // The CLI exited (wrapper printed "EXITED rc=1"): nothing to answer, not idle.
  'startup-onboarding-connect-error': { kind: 'unknown' },
  // Esc on the trust dialog exited the CLI; the shell prompt is at the bottom.
  'startup-trust-folder-after-esc': { kind: 'unknown' },
  'startup-trust-folder': dialog('claude.trust-folder', 0, ['No, exit', 'Yes, I trust this folder'], [null, null]),
  'startup-trust-folder-yes-selected': dialog('claude.trust-folder', 1, ['No, exit', 'Yes, I trust this folder'], [null, null]),
  'working-1': working('Seasoning… (2s · ↓ 29 tokens)'),
  'working-2': working('Seasoning… (6s · ↓ 38 tokens)'),
  'working-3': working('Seasoning… (10s · ↓ 47 tokens)'),
  'working-after-esc': idle,
  'working-noaltscreen': working('Herding…'),
  'working-thinking': working('Forging… (4s · ↓ 29 tokens · thinking)'),
  'working-tool-running': working('Kneading…'),
};

/** panes/claude/v2.1.197 (Claude Code 2.1.197): same scenarios, drifted UI. */
export const CLAUDE_2_1_197: Readonly<Record<string, Expected>> = {
  'ask-user-question': dialog('claude.ask-user-question', 0, ASK_LABELS, ASK_KEYS),
  'ask-user-question-after-2': idle,
  'ask-user-question-after-esc': idle,
  'hooks-on-idle-after-75s': idle,
  'hooks-on-perm-bash-after-75s': bash197('ls -la /tmp'),
  'idle-accept-edits-mode': idle,
  'idle-after-slow-turn': idle,
  'idle-after-thinking-turn': idle,
  'idle-after-turn': idle,
  'idle-after-turn-noaltscreen': idle,
  'idle-auto-mode': idle,
  'idle-fresh-session': idle,
  'idle-partial-input': { kind: 'idle', draft: 'please refactor the parser so that' },
  'idle-plan-mode': idle,
  'idle-seeded-start': idle,
  'noalt-idle-start': idle,
  'perm-bash': bash197('ls -la /tmp'),
  'perm-bash-after-1': idle,
  'perm-bash-after-2-read': idle,
  // 2.1.197 has no auto-mode option: 3 is No, so this screen shows the denial.
  'perm-bash-after-3-auto-mode': idle,
  // ... and 4 is no option at all: the prompt stayed (session file: waiting for permission).
  'perm-bash-after-4': bash197('ls -la /tmp'),
  'perm-bash-after-enter': idle,
  'perm-bash-after-esc': idle,
  'perm-bash-after-n': bash197('ls -la /tmp'),
  'perm-bash-after-y': bash197('ls -la /tmp'),
  'perm-bash-dont-ask-again': bash197('mkdir -p build && touch build/out.txt'),
  'perm-bash-dont-ask-again-after-2': idle,
  'perm-bash-noaltscreen': bash197('ls -la /tmp'),
  'perm-bash-tab-amend': perm('Bash command', 'ls -la /tmp', PROCEED, ['always', 'always', 'deny'], null, 'Escape', 'low'),
  'perm-bash-touch': bash197('touch auto-mode-test.txt'),
  'perm-bash-with-thinking': bash197('ls -la /tmp'),
  'perm-edit-existing-file': three('Edit file', 'notes.txt', 'Do you want to make this edit to notes.txt?'),
  'perm-edit-after-1': idle,
  'perm-edit-after-2-accept-edits': idle,
  'perm-edit-after-3': idle,
  'perm-edit-after-esc': idle,
  'perm-read-outside': three('Read file', '/home/dev/lab-claude/outside/secret.txt', PROCEED),
  'perm-read-outside-after-1': idle,
  'perm-read-outside-after-2': idle,
  'perm-read-outside-after-3': idle,
  'perm-webfetch': three('Fetch', URL, FETCH_Q),
  'perm-webfetch-after-1': idle,
  'perm-webfetch-after-2': idle,
  'perm-webfetch-after-3': idle,
  'perm-write-new-file': three('Create file', 'hello_lab.txt', 'Do you want to create hello_lab.txt?'),
  'perm-write-after-1': idle,
  'perm-write-after-2-accept-edits': idle,
  'perm-write-after-3': idle,
  'perm-write-after-esc': idle,
  'plan-approval': dialog('claude.plan-approval', 0, ['Yes', 'No'], ['1', '2']),
  'plan-approval-after-1': idle,
  'plan-approval-after-2': idle,
  'startup-api-key-confirm': dialog('claude.api-key', 1, ['Yes', 'No (recommended)'], ['1', '2']),
  'startup-api-key-confirm-yes-selected': dialog('claude.api-key', 0, ['Yes', 'No (recommended)'], ['1', '2']),
  'startup-trust-folder-after-esc': { kind: 'unknown' },
  // In 2.1.197 the trust dialog is numbered and defaults to "Yes".
  'startup-trust-folder': dialog('claude.trust-folder', 0, ['Yes, I trust this folder', 'No, exit'], ['1', '2']),
  'startup-trust-folder-yes-selected': dialog('claude.trust-folder', 0, ['Yes, I trust this folder', 'No, exit'], ['1', '2']),
  'working-1': working('Doing… (2s · ↓ 29 tokens)'),
  'working-2': working('Doing… (6s · ↓ 38 tokens)'),
  'working-3': working('Doing… (10s · ↓ 47 tokens)'),
  'working-after-esc': idle,
  'working-noaltscreen': working('Brewing…'),
  'working-thinking': working('Flibbertigibbeting… (4s · thinking)'),
  'working-tool-running': working('Sketching…'),
};

/**
 * panes/claude/v2.1.332: screens of the live suite's `--latest` run (Claude Code 2.1.332 against the mock,
 * see that folder's README). Same prompt; the layout is inline (no blank filler, the effort hint at the end
 * of the mode line) and finished tools read `Bash(cmd)` / `⎿  (No output)`.
 */
type PermissionExpected = Extract<Expected, { kind: 'permission' }>;
/** The live suite's Bash prompt with the marker on 4. No, as the deny-message captures show it. */
const shellDenyMarked = (over: Partial<PermissionExpected> = {}): Expected => ({
  ...(perm('Bash command', 'echo ran >> ran.txt', PROCEED, ['once', 'always', 'always', 'deny'], '1', '4') as PermissionExpected),
  highlighted: 3,
  ...over,
});
const FIELD = { confidence: 'low', approve: null, deny: 'Escape' } as const;

export const CLAUDE_2_1_332: Readonly<Record<string, Expected>> = {
  'idle-startup': idle,
  'perm-shell-approve-after': idle,
  'perm-shell-deny': perm('Bash command', 'echo ran >> ran.txt', PROCEED, ['once', 'always', 'always', 'deny'], '1', '4'),
  // Pinned run of 2026-11-28: the file, read and fetch prompts, unchanged from 2.1.329 (1 ran once, 3 denied).
  'perm-write-approve': three('Create file', 'written.txt', 'Do you want to create written.txt?'),
  'perm-edit-deny': three('Edit file', 'notes.txt', 'Do you want to make this edit to notes.txt?'),
  'perm-read-approve': three('Read file', '/tmp/tb-live-claude-LAB000/outside/secret.txt', PROCEED),
  'perm-fetch-deny': three('Fetch', 'http://127.0.0.1:9/fetch-target', FETCH_Q),
  working: working('⏸ manual mode on · esc to interrupt · ← for agents'),
  // Deny with a message (deny-message.md): the marker on 4. No is the usual prompt; once Tab made that row a
  // field (empty, typed, cleared) a digit would go into it, so low confidence: no approve key, Escape denies.
  'deny-message-marker-on-4': shellDenyMarked(),
  'deny-message-field': shellDenyMarked(FIELD),
  'deny-message-field-typed': shellDenyMarked(FIELD),
  'deny-message-field-after-c-u': shellDenyMarked(FIELD),
  'deny-message-after-enter': idle,
};
