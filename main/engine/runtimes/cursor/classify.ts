/**
 * Cursor agent (`cursor-agent`): one Screen from the bottom of a pane. Rests on peer captures of
 * Cursor agent 2026.09.26 (test/fixtures/peer-screens); shapes not in them fall back to what public
 * docs describe. Order: approval block, boxed question (plan), trust modal, then the composer:
 * an agent's text request in it (`… (Enter to send, empty to skip, Esc to cancel)`) is a dialog,
 * `ctrl+c to stop` working, a placeholder idle; a typed draft stays unknown.
 */
import type { DialogScreen, PaneCapture, Screen } from '../types.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { cursorComposer, type CursorComposer } from './composer.ts';
import { parseCursorPermission } from './permission.ts';
import { parseCursorBoxedQuestion } from './plan.ts';
import { cursorInputEmpty, cursorWorkingLine } from './status.ts';
import { parseCursorTrust } from './trust.ts';

/** The agent asks for text in the composer (after `n` on an approval): its placeholder ends in a send hint. */
function textRequest(composer: CursorComposer | null): DialogScreen | null {
  const hint = composer ? /\s*\(([^()]*\bEnter to send\b[^()]*)\)$/.exec(composer.input) : null;
  if (!composer || !hint) return null;
  const question = composer.input.slice(0, hint.index).trim();
  return { kind: 'dialog', runtime: 'cursor', dialogId: 'cursor.text-request', question, options: [], highlighted: null };
}

/** Classify a Cursor agent pane. */
export function classifyCursor(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  // No blank rows under the screen's last row: a menu that is not whole there is cut by the pane's size.
  const reachesPaneBottom = lines.length === capture.lines.length;
  const prompt =
    parseCursorPermission(lines, reachesPaneBottom) ?? parseCursorBoxedQuestion(lines) ?? parseCursorTrust(lines, reachesPaneBottom);
  if (prompt) return prompt;
  const composer = cursorComposer(lines);
  const request = textRequest(composer);
  if (request) return request;
  const working = cursorWorkingLine(lines, composer);
  if (working) return { kind: 'working', runtime: 'cursor', indicator: working };
  if (cursorInputEmpty(lines, composer)) return { kind: 'idle', runtime: 'cursor', draft: '' };
  return { kind: 'unknown', runtime: 'cursor' };
}
