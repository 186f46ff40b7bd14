/** Pure parser for `list-panes -a -F PANE_FORMAT` output. */
import { FIELD_SEPARATOR, PANE_FIELDS } from './formats.ts';
import type { PaneInfo } from './types.ts';

/** A non-negative integer field, or null when tmux printed something else. */
export function intField(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** One record, or null when it does not have exactly the expected well-formed fields. */
export function parsePaneLine(line: string): PaneInfo | null {
  const f = line.split(FIELD_SEPARATOR);
  if (f.length !== PANE_FIELDS.length) return null;
  const [paneId, sessionId, windowId, wIndex, pIndex, pid, width, height, alt, dead, activity, sessionName, command, path, title] = f as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!/^%\d+$/.test(paneId) || !/^\$\d+$/.test(sessionId) || !/^@\d+$/.test(windowId)) return null;
  const nums = [wIndex, pIndex, pid, width, height, activity].map(intField);
  if (nums.some((n) => n === null)) return null;
  const [windowIndex, paneIndex, panePid, w, h, windowActivity] = nums as number[];
  return {
    paneId,
    sessionName,
    sessionId,
    windowIndex: windowIndex!,
    windowId,
    paneIndex: paneIndex!,
    target: `${sessionName}:${windowIndex}.${paneIndex}`,
    pid: panePid!,
    currentCommand: command,
    currentPath: path,
    width: w!,
    height: h!,
    alternateOn: alt === '1',
    dead: dead === '1',
    windowActivity: windowActivity!,
    title,
  };
}

/** Every well-formed record of the output; malformed lines are skipped (tmux never prints them, a wrong format would). */
export function parsePaneList(output: string): PaneInfo[] {
  const panes: PaneInfo[] = [];
  for (const line of output.split('\n')) {
    if (line === '') continue;
    const pane = parsePaneLine(line);
    if (pane) panes.push(pane);
  }
  return panes;
}
