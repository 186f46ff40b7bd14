/**
 * kiro-cli: one Screen from the bottom of a pane. Unverified: built from public docs (kiro.dev/docs/cli)
 * and third-party captures; no captures of our own. Order: approval prompt (it shows a `>` answer
 * line that looks like an idle prompt), working, idle.
 */
import type { PaneCapture, Screen } from '../types.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { parseKiroPermission } from './permission.ts';
import { kiroIdle, kiroWorkingLine } from './status.ts';

/** Classify a kiro-cli pane. */
export function classifyKiro(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const prompt = parseKiroPermission(lines);
  if (prompt) return prompt;
  const working = kiroWorkingLine(lines);
  if (working) return { kind: 'working', runtime: 'kiro', indicator: working };
  if (kiroIdle(lines)) return { kind: 'idle', runtime: 'kiro', draft: '' };
  return { kind: 'unknown', runtime: 'kiro' };
}
