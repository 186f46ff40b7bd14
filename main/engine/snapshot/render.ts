/** Renders a snapshot as markdown. Pure: every input (time included) is passed in. */
import { END_MARKER } from './format.ts';
import type { GitHints } from './git-hints.ts';
import type { TruncatedConversation } from './truncate.ts';
import type { SnapshotReason } from './types.ts';

/** Everything a snapshot shows. */
export interface SnapshotContent {
  /** Agent name (file name and title): `claude`, or a user-chosen name. */
  readonly agent: string;
  readonly sessionId: string | null;
  /** Milliseconds since the epoch. */
  readonly savedAt: number;
  readonly reason: SnapshotReason;
  readonly conversation: TruncatedConversation;
  readonly hints: GitHints | null;
  /** The configured host the agent ran on; null (or absent) for this machine. */
  readonly host?: string | null;
}

// Hint lines are indented as a markdown code block: a commit subject can never pose as a heading.
const code = (line: string): string => `    ${line}`;

function truncationLine(c: TruncatedConversation): string | null {
  const parts: string[] = [];
  if (c.droppedLines > 0) parts.push(`${c.droppedLines} earlier conversation lines were dropped`);
  if (c.pendingCut) parts.push('the unanswered request was cut');
  return parts.length === 0 ? null : `**Truncated:** ${parts.join('; ')} to fit ${c.maxLines} lines.`;
}

function hintSections(h: GitHints): string[] {
  const out: string[] = [
    '## Branch (git status --branch)',
    code(h.branch ?? '(unknown)'),
    '',
    '## Recent commits (git log --oneline)',
    ...(h.log.length ? h.log.map(code) : [code('(no commits yet)')]),
  ];
  out.push('', '## Uncommitted changes (git status --short)', ...(h.status.length ? h.status.map(code) : [code('(clean)')]));
  if (h.statusOmitted > 0) out.push(code(`… ${h.statusOmitted} more`));
  return out;
}

/** The snapshot file's text (ends with a newline). */
export function renderSnapshot(s: SnapshotContent): string {
  const out: string[] = [
    `# Restart Snapshot — ${s.agent}`,
    `**Session:** ${s.sessionId ?? 'unknown'} **Saved:** ${new Date(s.savedAt).toISOString()} **Reason:** ${s.reason}${s.host ? ` **Host:** ${s.host}` : ''}`,
  ];
  const cut = truncationLine(s.conversation);
  if (cut) out.push(cut);
  out.push('');
  if (s.conversation.conversation.length > 0) out.push(...s.conversation.conversation);
  else out.push('_No finished exchange was found in the transcript._');
  if (s.conversation.pending.length > 0) out.push('', ...s.conversation.pending);
  if (s.hints) out.push('', ...hintSections(s.hints));
  out.push('', END_MARKER);
  return `${out.join('\n')}\n`;
}
