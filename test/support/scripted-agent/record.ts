/**
 * What a scripted agent writes to its record file, one JSON object per line: every key it got
 * (with the exact characters and the state it was in), every state it drew, every submitted text.
 */
import { appendFileSync, readFileSync, existsSync } from 'node:fs';

/** Why a state was entered. */
export type StateCause = 'initial' | 'key' | 'after' | 'submit';

/** The program started. `t` is milliseconds since the epoch (fractional) in every record. */
export interface StartRecord {
  readonly type: 'start';
  readonly t: number;
  readonly pid: number;
  readonly scenario: string;
  readonly rows: number;
  readonly cols: number;
}

/** A state was drawn (`t` is taken after the screen bytes were written to the terminal). */
export interface StateRecord {
  readonly type: 'state';
  readonly t: number;
  /** 1 for the initial state, then +1 per state entered. */
  readonly seq: number;
  readonly state: string;
  readonly from: string | null;
  readonly cause: StateCause;
}

/** One key received. `action` says what it did; `next` the state it led to. */
export interface KeyRecord {
  readonly type: 'key';
  readonly t: number;
  readonly state: string;
  readonly key: string;
  readonly raw: string;
  readonly action: 'goto' | 'edit' | 'submit' | 'ignore';
  readonly next?: string;
  /** The draft after an edit. */
  readonly draft?: string;
  /** Pasted text (key `Paste`). */
  readonly text?: string;
}

/** Text submitted with Enter from an input prompt. */
export interface SubmitRecord {
  readonly type: 'submit';
  readonly t: number;
  readonly state: string;
  readonly text: string;
}

/** The screen was drawn again (pane resized). */
export interface RedrawRecord {
  readonly type: 'redraw';
  readonly t: number;
  readonly state: string;
  readonly rows: number;
  readonly cols: number;
}

/** The program ended: a scenario exit state, or a signal (pane killed). */
export interface ExitRecord {
  readonly type: 'exit';
  readonly t: number;
  readonly state: string;
  readonly code: number | null;
  readonly signal: string | null;
}

/** Any line of a record file. */
export type AgentRecord = StartRecord | StateRecord | KeyRecord | SubmitRecord | RedrawRecord | ExitRecord;

/** Append one record (synchronously: the order on disk is the order of events, even on a crash). */
export function appendRecord(path: string, record: AgentRecord): void {
  appendFileSync(path, `${JSON.stringify(record)}\n`);
}

/** Parse a record file; a half-written last line is left out. A missing file is an empty list. */
export function readRecords(path: string): AgentRecord[] {
  if (!existsSync(path)) return [];
  const out: AgentRecord[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line === '') continue;
    try {
      out.push(JSON.parse(line) as AgentRecord);
    } catch {
      // Only the last line can be partial (appends are whole lines); skip it.
    }
  }
  return out;
}
