import { describe, expect, it } from 'vitest';
import { initialTracker, trackCapture, trackQuiet } from '../../../main/engine/observe/pane-tracker.ts';
import type { TrackerState } from '../../../main/engine/observe/pane-tracker.ts';
import type { PaneCapture, RuntimeModule, Screen } from '../../../main/engine/runtimes/types.ts';

// A deliberately tiny runtime: lines starting with "ASK " are a prompt, "> " idle, "~" volatile spinner.
const toy: RuntimeModule = {
  id: 'claude',
  displayName: 'toy',
  verified: true,
  needsColour: false,
  matchesProcess: () => true,
  isVolatileLine: (l) => l.startsWith('~'),
  classify(capture): Screen {
    const last = [...capture.lines].reverse().find((l) => l.trim() !== '') ?? '';
    if (last.startsWith('ASK ')) {
      return {
        kind: 'permission',
        runtime: 'claude',
        tool: 'Bash',
        question: 'Proceed?',
        subject: last.slice(4),
        options: [
          { key: '1', label: 'Yes', kind: 'once' },
          { key: '2', label: 'No', kind: 'deny' },
        ],
        highlighted: 0,
        confidence: 'high',
        escapeDenies: true,
        approveByEnterOnHighlight: false,
      };
    }
    if (last.startsWith('> ')) return { kind: 'idle', runtime: 'claude', draft: last.slice(2) };
    if (capture.lines.some((l) => l.startsWith('~'))) return { kind: 'working', runtime: 'claude', indicator: '~' };
    return { kind: 'unknown', runtime: 'claude' };
  },
};

const opts = { stableCaptures: 2, unexplainedAfterMs: 30_000 };
const cap = (...lines: string[]): PaneCapture => ({ lines });

function feed(captures: [number, PaneCapture][]) {
  let state: TrackerState = initialTracker;
  const all = [];
  for (const [at, c] of captures) {
    const r = trackCapture(state, 'p', toy, c, at, opts);
    state = r.state;
    all.push(...r.facts);
  }
  return { state, facts: all };
}

describe('trackCapture', () => {
  it('reports a prompt only once it was seen on two consecutive captures', () => {
    const first = feed([[0, cap('ASK rm -rf build')]]);
    expect(first.facts).toEqual([]);
    const { facts } = feed([
      [0, cap('ASK rm -rf build')],
      [250, cap('ASK rm -rf build')],
    ]);
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ kind: 'screen', stableCount: 2, screen: { kind: 'permission', subject: 'rm -rf build' } });
  });

  it('reports the same prompt once, however long it stays', () => {
    const { facts } = feed([0, 250, 1000, 2000, 3000].map((t) => [t, cap('ASK x')] as [number, PaneCapture]));
    expect(facts.filter((f) => f.kind === 'screen')).toHaveLength(1);
  });

  it('does not count a changed prompt as stable', () => {
    const { facts } = feed([
      [0, cap('ASK a')],
      [250, cap('ASK b')],
    ]);
    expect(facts).toEqual([]);
  });

  it('parses an unchanged capture once, and still needs the second capture to call it stable', () => {
    let parses = 0;
    const counting: RuntimeModule = { ...toy, classify: (c) => (parses++, toy.classify(c)) };
    let state: TrackerState = initialTracker;
    const facts = [];
    for (const at of [0, 250, 1000]) {
      const r = trackCapture(state, 'p', counting, cap('ASK rm -rf build'), at, opts);
      state = r.state;
      facts.push(...r.facts);
      if (at === 0) expect(r.facts).toEqual([]);
    }
    expect(parses).toBe(1);
    expect(facts).toMatchObject([{ kind: 'screen', at: 250, stableCount: 2, screen: { kind: 'permission' } }]);
    expect(state.stableCount).toBe(3);
  });

  it('parses again when the same text comes with colour (a highlight may decide the screen)', () => {
    let parses = 0;
    const counting: RuntimeModule = { ...toy, classify: (c) => (parses++, toy.classify(c)) };
    const plain = trackCapture(initialTracker, 'p', counting, cap('> '), 0, opts).state;
    trackCapture(plain, 'p', counting, { lines: ['> '], ansiLines: ['\x1b[7m> \x1b[0m'] }, 250, opts);
    expect(parses).toBe(2);
  });

  it('reports working at once: it never alerts and busy screens rarely hold still', () => {
    const { facts } = feed([[0, cap('output', '~ spinning 1s')]]);
    expect(facts).toMatchObject([{ kind: 'screen', screen: { kind: 'working' } }]);
  });

  it('ignores volatile lines when judging stability', () => {
    const { facts } = feed([
      [0, cap('~ 1s', 'ASK x')],
      [250, cap('~ 2s', 'ASK x')],
    ]);
    expect(facts).toMatchObject([{ kind: 'screen', stableCount: 2, screen: { kind: 'permission' } }]);
  });

  it('treats a change in a meaningful line as a change', () => {
    const { facts } = feed([
      [0, cap('out 1', 'ASK x')],
      [250, cap('out 2', 'ASK x')],
    ]);
    expect(facts).toEqual([]);
  });

  it('reports an unexplained screen only after it stayed unchanged for the window', () => {
    const early = feed([
      [0, cap('???')],
      [250, cap('???')],
      [29_999, cap('???')],
    ]);
    expect(early.facts).toEqual([]);
    const late = feed([
      [0, cap('???')],
      [250, cap('???')],
      [30_000, cap('???')],
      [31_000, cap('???')],
    ]);
    expect(late.facts).toMatchObject([{ kind: 'unexplained', forMs: 30_000, tail: ['???'] }]);
  });

  it('reports an unexplained screen on a quiet tick too (no capture needed)', () => {
    const { state } = feed([
      [0, cap('???')],
      [250, cap('???')],
    ]);
    expect(trackQuiet(state, 'p', 10_000, opts).facts).toEqual([]);
    const r = trackQuiet(state, 'p', 30_000, opts);
    expect(r.facts).toMatchObject([{ kind: 'unexplained' }]);
    expect(trackQuiet(r.state, 'p', 60_000, opts).facts).toEqual([]);
  });

  it('reports idle again when the draft changes', () => {
    const { facts } = feed([
      [0, cap('> ')],
      [250, cap('> ')],
      [500, cap('> hel')],
      [750, cap('> hel')],
    ]);
    expect(facts.map((f) => f.kind === 'screen' && f.screen.kind === 'idle' && f.screen.draft)).toEqual(['', 'hel']);
  });
});
