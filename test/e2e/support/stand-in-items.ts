/** Queue items for the stand-in engine, with pane tails taken from real captures in test/fixtures. */
import { readFileSync } from 'node:fs';
import type { QueueItemDto } from '../../../preload/contract/index.ts';
import { queueItem } from '../../support/queue-items.ts';

const tailOf = (path: string, lines = 16): string[] => {
  const all = readFileSync(new URL(`../../fixtures/panes/${path}`, import.meta.url), 'utf8').split('\n');
  // The bottom of a capture is often blank rows; keep the last lines that show something.
  let end = all.length;
  // eslint-disable-next-line no-control-regex
  while (end > 0 && (all[end - 1] ?? '').replace(/\x1b\[[0-9;:]*m/g, '').trim() === '') end--;
  return all.slice(Math.max(0, end - lines), end);
};

/** What differs between the runtimes' items; the rest comes from the shared builder's defaults. */
type Template = Partial<QueueItemDto> & Pick<QueueItemDto, 'runtime' | 'reason' | 'subject'>;

const TEMPLATES: readonly Template[] = [
  {
    runtime: 'claude',
    reason: 'permission',
    tool: 'Bash command',
    subject: 'ls -la /tmp',
    question: 'Do you want to proceed?',
    options: [
      { label: 'Yes', kind: 'once' },
      { label: 'Yes, allow reading from /tmp from this project', kind: 'always' },
      { label: 'Yes, and switch to auto mode · auto mode handles these prompts for you', kind: 'always' },
      { label: 'No', kind: 'deny' },
    ],
    approveLabel: 'Yes',
    denyLabel: 'No',
    tail: tailOf('claude/perm-bash.ansi'),
  },
  {
    runtime: 'codex',
    reason: 'permission',
    tool: 'Shell command',
    subject: 'touch lab-approve-1.txt',
    question: 'Would you like to run the following command?',
    options: [
      { label: 'Yes, proceed (y)', kind: 'once' },
      { label: "Yes, and don't ask again for commands that start with `touch lab-approve-1.txt` (p)", kind: 'always' },
      { label: 'No, and tell Codex what to do differently (esc)', kind: 'deny' },
    ],
    approveLabel: 'Yes, proceed (y)',
    denyLabel: 'No, and tell Codex what to do differently (esc)',
    tail: tailOf('codex/approval-exec.ansi'),
  },
  {
    runtime: 'opencode',
    reason: 'permission',
    tool: 'Shell',
    subject: 'ls -la',
    question: 'Permission required',
    options: [
      { label: 'Allow once', kind: 'once' },
      { label: 'Allow always', kind: 'always' },
      { label: 'Reject', kind: 'deny' },
    ],
    approveLabel: 'Allow once',
    denyLabel: 'Reject',
    tail: tailOf('opencode/approval-bash.ansi', 12),
  },
  {
    runtime: 'claude',
    reason: 'idle',
    tool: null,
    subject: 'waiting for input',
    question: null,
    options: [],
    approveLabel: null,
    approveBlockedReason: 'the agent waits at its input prompt; reply instead',
    denyLabel: null,
    canReply: true,
    context: 'Done: the three files are written and the tests pass.',
    tail: tailOf('claude/idle-after-turn.ansi', 10),
  },
  {
    runtime: 'claude',
    reason: 'dialog',
    tool: null,
    subject: 'Which colour should the button be?',
    question: 'Which colour should the button be?',
    options: [
      { label: 'Red', kind: 'other' },
      { label: 'Blue', kind: 'other' },
    ],
    approveLabel: null,
    approveBlockedReason: 'a question, not a permission: answer it in the pane (Jump)',
    denyLabel: 'Esc',
    tail: tailOf('claude/ask-user-question.ansi', 14),
  },
];

/** `count` items, cycling through the templates; item i first seen `i` minutes before `now`, oldest first. */
export function standInItems(count: number, now: number): QueueItemDto[] {
  return Array.from({ length: count }, (_, i) => {
    const t = TEMPLATES[i % TEMPLATES.length] as Template;
    const n = i + 1;
    return queueItem({
      ...t,
      id: `item-${n}`,
      paneKey: `default|%${n}`,
      host: null,
      unreachable: null,
      target: `${t.runtime}-${n}:1.0`,
      sessionName: `${t.runtime}-${n}`,
      firstSeen: now - (count - i) * 60_000,
      fingerprint: `fp-${n}-0`,
    });
  });
}
