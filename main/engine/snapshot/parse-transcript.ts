/**
 * Streams a Claude Code JSONL transcript into the conversation a snapshot shows, the latest context
 * usage, and counts of everything skipped. Lines are filtered as bytes before any decoding: only
 * lines that can be `user`/`assistant` entries are parsed, and tool results are recognised unparsed.
 * A broken or truncated line is counted, never fatal.
 */
import { ConversationCollector, type CollectedConversation } from './conversation.ts';
import { LineSplitter, scanLines, type ScanOptions, type ScanResult } from './line-reader.ts';
import type { SkipReason } from './prompt-text.ts';
import { classifyEntry } from './transcript-entry.ts';
import type { ContextUsage } from './types.ts';
import { cleanExternalValue } from '../text/clean-text.ts';

/** Counts of what a parse saw. */
export interface ParseStats {
  bytes: number;
  lines: number;
  /** Lines that are not JSON objects (a cut-off write, garbage). */
  malformed: number;
  /** Lines longer than the reader's limit, skipped whole. */
  oversized: number;
  prompts: number;
  replies: number;
  skipped: Partial<Record<SkipReason, number>>;
}

/** A parsed transcript. */
export interface ParsedTranscript extends CollectedConversation {
  readonly stats: ParseStats;
  /** The last main-chain model call's context usage, or null when none is recorded. */
  readonly usage: ContextUsage | null;
  readonly sessionId: string | null;
  readonly cwd: string | null;
}

const TYPE_KEY = Buffer.from('"type"', 'utf8');
const USER = Buffer.from('"user"', 'utf8');
const ASSISTANT = Buffer.from('"assistant"', 'utf8');
const TOOL_RESULT = Buffer.from('"tool_result"', 'utf8');
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COLON = 0x3a;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d;
}

function startsWithAt(view: Buffer, at: number, word: Buffer): boolean {
  return at + word.length <= view.length && view.compare(word, 0, word.length, at, at + word.length) === 0;
}

/**
 * Which `"type": <value>` pairs occur structurally in a JSON line, in one pass. Inside a JSON string
 * a quote is escaped (`\"type\"`), so a bare `"type"` followed by a colon is always a key.
 */
function typesIn(view: Buffer): { user: boolean; assistant: boolean; toolResult: boolean } {
  const found = { user: false, assistant: false, toolResult: false };
  for (let at = view.indexOf(TYPE_KEY); at >= 0; at = view.indexOf(TYPE_KEY, at + TYPE_KEY.length)) {
    let i = at + TYPE_KEY.length;
    while (i < view.length && isSpace(view[i]!)) i++;
    if (view[i] !== COLON) continue;
    i++;
    while (i < view.length && isSpace(view[i]!)) i++;
    if (view[i] !== 0x22) continue;
    if (startsWithAt(view, i, USER)) found.user = true;
    else if (startsWithAt(view, i, ASSISTANT)) found.assistant = true;
    else if (startsWithAt(view, i, TOOL_RESULT)) found.toolResult = true;
  }
  return found;
}

/** Feeds lines (as bytes or strings) one at a time; `finish()` gives the result. */
export class TranscriptAccumulator {
  private readonly collector: ConversationCollector;
  private usage: ContextUsage | null = null;
  private sessionId: string | null = null;
  private cwd: string | null = null;
  readonly stats: ParseStats = { bytes: 0, lines: 0, malformed: 0, oversized: 0, prompts: 0, replies: 0, skipped: {} };

  constructor(maxLines: number) {
    this.collector = new ConversationCollector(maxLines);
  }

  /** One line as a byte range (no `\n`). */
  pushBytes(buf: Buffer, start: number, end: number): void {
    this.stats.lines++;
    while (end > start && isSpace(buf[end - 1]!)) end--;
    while (start < end && isSpace(buf[start]!)) start++;
    if (start === end) return;
    // A JSON object line starts with `{` and ends with `}`: a line cut mid-write fails here cheaply.
    if (buf[start] !== OPEN_BRACE || buf[end - 1] !== CLOSE_BRACE) {
      this.stats.malformed++;
      return;
    }
    const view = buf.subarray(start, end);
    const { user, assistant, toolResult } = typesIn(view);
    if (!user && !assistant) return this.skip('not-conversation');
    // A structural tool_result only occurs in tool-result entries: skip without decoding (often the bulk).
    if (user && !assistant && toolResult) return this.skip('tool-result');
    let value: unknown;
    try {
      value = JSON.parse(view.toString('utf8'));
    } catch {
      this.stats.malformed++;
      return;
    }
    // Transcript text is outside text: cleaned here, before any briefing, snapshot or surface shows it.
    this.pushEntry(cleanExternalValue(value));
  }

  /** One line as a string (tests, small inputs). */
  pushLine(line: string): void {
    const buf = Buffer.from(line, 'utf8');
    this.pushBytes(buf, 0, buf.length);
  }

  /** Mark lines the reader skipped as too long. */
  addOversized(count: number): void {
    this.stats.oversized += count;
  }

  finish(): ParsedTranscript {
    return { ...this.collector.finish(), stats: this.stats, usage: this.usage, sessionId: this.sessionId, cwd: this.cwd };
  }

  private pushEntry(value: unknown): void {
    const verdict = classifyEntry(value);
    if (verdict.kind !== 'skip' || verdict.reason !== 'not-conversation') this.noteSession(value as Record<string, unknown>);
    if (verdict.kind === 'skip') {
      if (verdict.usage) this.usage = verdict.usage;
      return this.skip(verdict.reason);
    }
    if (verdict.kind === 'prompt') {
      this.stats.prompts++;
      this.collector.add('user', verdict.text);
      return;
    }
    this.stats.replies++;
    if (verdict.usage) this.usage = verdict.usage;
    this.collector.add('assistant', verdict.text);
  }

  private noteSession(entry: Record<string, unknown>): void {
    if (this.sessionId === null && typeof entry['sessionId'] === 'string') this.sessionId = entry['sessionId'];
    if (this.cwd === null && typeof entry['cwd'] === 'string') this.cwd = entry['cwd'];
  }

  private skip(reason: SkipReason): void {
    this.stats.skipped[reason] = (this.stats.skipped[reason] ?? 0) + 1;
  }
}

/** Parse a transcript file as a stream (memory bounded by `maxLines`, not by the file). */
export async function parseTranscriptFile(path: string, maxLines: number, scan: ScanOptions = {}): Promise<ParsedTranscript> {
  const acc = new TranscriptAccumulator(maxLines);
  const result = await scanLines(path, (buf, start, end) => acc.pushBytes(buf, start, end), scan);
  return finishWith(acc, result);
}

/**
 * Parse a transcript that arrives in chunks (a file on another host, read over ssh): `pump` hands
 * every chunk to `push` and resolves when the input has ended. Memory bounded as for a file.
 */
export async function parseTranscriptChunks(
  pump: (push: (chunk: Buffer) => void) => Promise<void>,
  maxLines: number,
  scan: Pick<ScanOptions, 'maxLineBytes'> = {},
): Promise<ParsedTranscript> {
  const acc = new TranscriptAccumulator(maxLines);
  const splitter = new LineSplitter((buf, start, end) => acc.pushBytes(buf, start, end), scan);
  await pump((chunk) => splitter.push(chunk));
  return finishWith(acc, splitter.finish());
}

function finishWith(acc: TranscriptAccumulator, result: ScanResult): ParsedTranscript {
  acc.addOversized(result.oversized);
  acc.stats.lines += result.oversized;
  acc.stats.bytes = result.bytes;
  return acc.finish();
}
