/** What Trail Boss types to ask an agent to save its own snapshot before a restart. Pure. */
import { SNAPSHOT_REQUEST_MARKER } from './prompt-text.ts';
import type { SnapshotReason } from './types.ts';

/** The request; it starts with the marker, so a later snapshot never shows it as a user prompt. */
export function saveRequestText(opts: { path: string; agent: string; reason: SnapshotReason; maxLines: number }): string {
  return [
    `${SNAPSHOT_REQUEST_MARKER} This session is about to be restarted by Trail Boss. Before that, save a restart snapshot so the next session can continue your work.`,
    `Write the file ${opts.path} (create its directories if needed), in this format:`,
    '',
    `# Restart Snapshot — ${opts.agent}`,
    `**Session:** <your session id, or unknown> **Saved:** <the current time, ISO 8601> **Reason:** ${opts.reason}`,
    '',
    '=== USER ===',
    '<what the user asked for, the most important and most recent requests>',
    '',
    '=== ASSISTANT ===',
    '<what you did, found and decided; where you stopped>',
    '',
    '## Resume Plan',
    '<the concrete next steps, in order>',
    '',
    `Keep it under ${opts.maxLines} lines. Write only that file and change nothing else. Reply "saved" when it is written.`,
  ].join('\n');
}
