/**
 * The last conversational state of a Claude Code transcript (JSONL), read backwards. What the
 * fixtures show (2.1.197 and 2.1.329):
 * - a tool call is an `assistant` entry with a `tool_use` block; its answer a `user` entry with a
 *   `tool_result` block of the same id — approved and run, failed, or denied (`is_error`, and
 *   `toolDenialKind` on 2.1.329);
 * - a denial (key or Esc) is followed by a user text `[Request interrupted by user for tool use]`,
 *   an Esc during a turn by `[Request interrupted by user]`: both end the turn, no Stop hook;
 * - a finished turn ends with an assistant `end_turn` message, then `system/turn_duration`;
 * - `attachment`, `mode`, `file-history-*`, `api-request*`, `cost-state`, … are bookkeeping.
 */
import type { Fact, PaneKey } from '../sessions/facts.ts';

/** The `last` of a transcript Fact. */
export type TranscriptLast = Extract<Fact, { kind: 'transcript' }>['last'];

/** The verdict, plus what the Fact cannot carry. */
export interface TranscriptState {
  /** `assistant-working`: mid-turn without a pending tool (streaming); `empty`: no conversation yet. */
  readonly last: TranscriptLast | 'assistant-working' | 'empty';
  /** For `tool-pending`: the tool and its call id. */
  readonly pendingTool: { readonly name: string; readonly id: string } | null;
  /** ISO timestamp of the entry that decided it. */
  readonly timestamp: string | null;
}

/** Map to the Fact's `last`; null when the state says nothing the Fact can carry. */
export function toFactLast(state: TranscriptState): TranscriptLast | null {
  return state.last === 'assistant-working' || state.last === 'empty' ? null : state.last;
}

/** The transcript Fact for a pane, or null when the state carries nothing for the state machine. */
export function transcriptFact(pane: PaneKey, at: number, state: TranscriptState): Fact | null {
  const last = toFactLast(state);
  return last === null ? null : { kind: 'transcript', pane, at, last };
}

type Entry = Record<string, unknown>;
type Block = Record<string, unknown>;

/**
 * Decide from parsed entries (oldest first). `complete` says the entries start at the file's
 * beginning; when false and the entries run out before a decision, returns null (read more).
 */
export function transcriptStateOf(entries: readonly unknown[], complete: boolean): TranscriptState | null {
  const answered = new Set<string>();
  let answeredAt: string | null = null;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (!isObject(entry) || entry['isSidechain'] === true) continue;
    const timestamp = typeof entry['timestamp'] === 'string' ? entry['timestamp'] : null;
    const verdict = (last: TranscriptState['last'], pendingTool: TranscriptState['pendingTool'] = null): TranscriptState => ({
      last,
      pendingTool,
      timestamp,
    });
    const answeredVerdict = (): TranscriptState => ({ last: 'tool-answered', pendingTool: null, timestamp: answeredAt });
    switch (entry['type']) {
      case 'system':
        if (entry['subtype'] !== 'turn_duration') continue;
        return answeredAt !== null ? answeredVerdict() : verdict('turn-ended');
      case 'user': {
        if (entry['isMeta'] === true) continue;
        const blocks = contentBlocks(entry);
        const results = blocks.filter((b) => b['type'] === 'tool_result');
        if (results.length > 0) {
          for (const r of results) if (typeof r['tool_use_id'] === 'string') answered.add(r['tool_use_id']);
          answeredAt ??= timestamp;
          continue;
        }
        if (answeredAt !== null) return answeredVerdict();
        const text = userText(entry, blocks);
        if (text === null) continue;
        // An interrupt (Esc, or a denial's follow-up) and a local slash command leave Claude at its prompt.
        if (/^\[Request interrupted by user/.test(text) || /^<(command-name|local-command-stdout)>/.test(text))
          return verdict('turn-ended');
        return verdict('user-prompt');
      }
      case 'assistant': {
        const blocks = contentBlocks(entry);
        const pending = blocks.find((b) => b['type'] === 'tool_use' && typeof b['id'] === 'string' && !answered.has(b['id']));
        if (pending !== undefined) return verdict('tool-pending', { name: String(pending['name'] ?? ''), id: pending['id'] as string });
        if (blocks.some((b) => b['type'] === 'tool_use')) continue; // answered call: look further back for siblings
        if (answeredAt !== null) return answeredVerdict();
        const stop = isObject(entry['message']) ? entry['message']['stop_reason'] : undefined;
        return verdict(stop === 'end_turn' || stop === 'stop_sequence' ? 'turn-ended' : 'assistant-working');
      }
      default:
        continue;
    }
  }
  if (!complete) return null;
  return answeredAt !== null
    ? { last: 'tool-answered', pendingTool: null, timestamp: answeredAt }
    : { last: 'empty', pendingTool: null, timestamp: null };
}

function isObject(v: unknown): v is Entry {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function contentBlocks(entry: Entry): Block[] {
  const message = entry['message'];
  if (!isObject(message) || !Array.isArray(message['content'])) return [];
  return message['content'].filter(isObject);
}

function userText(entry: Entry, blocks: readonly Block[]): string | null {
  const message = entry['message'];
  if (isObject(message) && typeof message['content'] === 'string') return message['content'];
  const texts = blocks.filter((b) => b['type'] === 'text' && typeof b['text'] === 'string').map((b) => b['text'] as string);
  return texts.length > 0 ? texts.join('\n') : null;
}
