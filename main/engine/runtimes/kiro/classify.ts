/**
 * kiro-cli: one Screen from the bottom of a pane. The terminal UI rests on peer captures of Kiro CLI
 * 2.24–2.27 (test/fixtures/peer-screens); the classic `[y/n/t]` prompt on public transcripts only.
 * Order: approval menu (its rows look like a list, and sibling calls above it still say
 * `esc to cancel`), classic prompt, working, idle.
 */
import type { PaneCapture, Screen } from '../types.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { parseKiroApproval } from './approval.ts';
import { parseKiroPermission } from './permission.ts';
import { parseKiroSubagentApprovals } from './subagent-approvals.ts';
import { kiroIdle, kiroWorkingLine } from './status.ts';

/** Classify a kiro-cli pane. */
export function classifyKiro(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const prompt = parseKiroSubagentApprovals(lines) ?? parseKiroApproval(lines) ?? parseKiroPermission(lines);
  if (prompt) return prompt;
  const working = kiroWorkingLine(lines);
  if (working) return { kind: 'working', runtime: 'kiro', indicator: working };
  if (kiroIdle(lines)) return { kind: 'idle', runtime: 'kiro', draft: '' };
  return { kind: 'unknown', runtime: 'kiro' };
}
