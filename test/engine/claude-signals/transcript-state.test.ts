import { describe, expect, it } from 'vitest';
import { toFactLast, transcriptFact, transcriptStateOf } from '../../../main/engine/claude-signals/transcript-state.ts';
import { blocksOf, transcriptFiles, transcriptLines } from './transcript-fixtures.ts';

const HOOKS = 'test/fixtures/transcripts/claude/hooks--67394c8a-6c70-4514-8995-3cc730f52394.jsonl';

/** State after the first `n` lines of a transcript. */
function stateAfter(lines: readonly string[], n: number) {
  return transcriptStateOf(
    lines.slice(0, n).map((l) => JSON.parse(l) as unknown),
    true,
  );
}

interface Point {
  readonly file: string;
  readonly index: number;
  readonly entry: Record<string, unknown>;
}

/** Every line of every transcript, parsed. */
const points: Point[] = transcriptFiles().flatMap((file) =>
  transcriptLines(file).map((l, index) => ({ file, index, entry: JSON.parse(l) as Record<string, unknown> })),
);
const linesOf = new Map(transcriptFiles().map((f) => [f, transcriptLines(f)]));
const label = (p: Point): string => `${p.file.split('transcripts/claude/')[1]}:${p.index + 1}`;

const toolUses = points.filter((p) => p.entry['type'] === 'assistant' && blocksOf(p.entry).some((b) => b['type'] === 'tool_use'));
const toolResults = points.filter((p) => p.entry['type'] === 'user' && blocksOf(p.entry).some((b) => b['type'] === 'tool_result'));
const interrupts = points.filter(
  (p) => p.entry['type'] === 'user' && blocksOf(p.entry).some((b) => String(b['text'] ?? '').startsWith('[Request interrupted by user')),
);
const prompts = points.filter(
  (p) => p.entry['type'] === 'user' && typeof (p.entry['message'] as { content?: unknown }).content === 'string',
);
const turnEnds = points.filter((p) => p.entry['type'] === 'system' && p.entry['subtype'] === 'turn_duration');

describe('transcript state at every point of the recorded transcripts (both versions)', () => {
  it('has examples of every kind of point', () => {
    expect([toolUses, toolResults, interrupts, prompts, turnEnds].map((a) => a.length > 0)).toEqual([true, true, true, true, true]);
  });

  it.each(toolUses.map((p) => [label(p), p] as const))('%s: a tool call without its result is tool-pending', (_l, p) => {
    const id = blocksOf(p.entry).find((b) => b['type'] === 'tool_use')?.['id'];
    expect(stateAfter(linesOf.get(p.file) ?? [], p.index + 1)).toMatchObject({ last: 'tool-pending', pendingTool: { id } });
  });

  it.each(toolResults.map((p) => [label(p), p] as const))('%s: a tool result (approved, failed or denied) is tool-answered', (_l, p) => {
    expect(stateAfter(linesOf.get(p.file) ?? [], p.index + 1)?.last).toBe('tool-answered');
  });

  it.each(interrupts.map((p) => [label(p), p] as const))('%s: an interrupt (denial or Esc) ends the turn', (_l, p) => {
    expect(stateAfter(linesOf.get(p.file) ?? [], p.index + 1)?.last).toBe('turn-ended');
  });

  it.each(prompts.map((p) => [label(p), p] as const))('%s: a typed prompt is user-prompt', (_l, p) => {
    expect(stateAfter(linesOf.get(p.file) ?? [], p.index + 1)?.last).toBe('user-prompt');
  });

  it.each(turnEnds.map((p) => [label(p), p] as const))('%s: turn_duration ends the turn', (_l, p) => {
    expect(stateAfter(linesOf.get(p.file) ?? [], p.index + 1)?.last).toBe('turn-ended');
  });
});

describe('transcript state details', () => {
  const lines = transcriptLines(HOOKS);

  it('skips bookkeeping after the decisive entry (attachments, cost-state, snapshots)', () => {
    // The whole file ends with cost-state / last-prompt after the Esc interrupt.
    expect(stateAfter(lines, lines.length)?.last).toBe('turn-ended');
  });

  it('says assistant-working while the assistant streams text before its tool call', () => {
    // Line 20 is "I'll list the files in /tmp." with stop_reason tool_use, before the tool_use line.
    expect(stateAfter(lines, 20)?.last).toBe('assistant-working');
    expect(toFactLast(stateAfter(lines, 20) ?? { last: 'empty', pendingTool: null, timestamp: null })).toBeNull();
  });

  it('names the pending tool', () => {
    expect(stateAfter(lines, 21)).toMatchObject({
      last: 'tool-pending',
      pendingTool: { name: 'Bash', id: 'toolu_875725792ca186706800b3b1' },
    });
  });

  it('is empty for a transcript without conversation (2.1.197 startup dialog)', () => {
    const dlg = transcriptLines('test/fixtures/transcripts/claude/v2.1.197/dlg--7e27f2f0-6a93-4b28-b1c2-d2aee94bacd6.jsonl');
    expect(stateAfter(dlg, dlg.length)?.last).toBe('empty');
  });

  it('asks for more (null) when an incomplete window holds no decision', () => {
    expect(transcriptStateOf([{ type: 'attachment' }, { type: 'cost-state' }], false)).toBeNull();
  });

  it('keeps a parallel call pending when only its sibling was answered', () => {
    const entries = [
      { type: 'user', message: { content: 'go' } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', id: 'A', name: 'Read' }] } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', id: 'B', name: 'Bash' }] } },
      { type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 'A' }] } },
    ];
    expect(transcriptStateOf(entries, true)).toMatchObject({ last: 'tool-pending', pendingTool: { id: 'B' } });
  });

  it('ignores sidechain (subagent) entries', () => {
    const entries = [
      { type: 'assistant', message: { content: [{ type: 'text', text: 'done' }], stop_reason: 'end_turn' } },
      { type: 'assistant', isSidechain: true, message: { content: [{ type: 'tool_use', id: 'S', name: 'Bash' }] } },
    ];
    expect(transcriptStateOf(entries, true)?.last).toBe('turn-ended');
  });
});

describe('transcriptFact', () => {
  it('carries the fact-worthy states and drops the others', () => {
    expect(transcriptFact('default|%0', 9, { last: 'tool-pending', pendingTool: { name: 'Bash', id: 'x' }, timestamp: null })).toEqual({
      kind: 'transcript',
      pane: 'default|%0',
      at: 9,
      last: 'tool-pending',
    });
    expect(transcriptFact('default|%0', 9, { last: 'assistant-working', pendingTool: null, timestamp: null })).toBeNull();
  });
});
