/** A frame still being drawn is unknown until it settles: never a prompt, never a key (issue 29). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeById } from '../../../../main/engine/runtimes/catalog.ts';
import { isTornFrame } from '../../../../main/engine/runtimes/common/torn-frame.ts';
import type { RuntimeId } from '../../../../main/engine/runtimes/types.ts';

const PEERS = join(import.meta.dirname, '../../../fixtures/peer-screens/screens');
const screen = (id: string) =>
  readFileSync(join(PEERS, `${id}.txt`), 'utf8')
    .replace(/\n$/, '')
    .split('\n');
const classify = (runtime: RuntimeId, lines: string[]) => runtimeById(runtime).classify({ lines });

/** The screen with `row` (found by its text) rewritten. */
function rewrite(lines: string[], find: RegExp, to: (row: string) => string): string[] {
  const at = lines.findLastIndex((l) => find.test(l));
  expect(at, `no row matching ${String(find)}`).toBeGreaterThanOrEqual(0);
  return lines.map((l, i) => (i === at ? to(l) : l));
}

describe('a frame still being drawn', () => {
  it('reads a Claude prompt whose option row has garbage before its marker as unknown', () => {
    const lines = rewrite(screen('claude-warden-bash-plain'), /❯ 1\. Yes/, (r) => r.replace(' ❯ 1.', 'Ex❯ 1.'));
    expect(classify('claude', lines).kind).toBe('unknown');
  });

  it('reads a Codex approval with garbage glued to an option number as unknown', () => {
    const lines = rewrite(screen('codex-warden-approval-0.142.3'), /^\s+2\. Yes, and/, (r) => r.replace(/^\s+2\./, 'ro2.'));
    expect(classify('codex', lines).kind).toBe('unknown');
  });

  it('reads a Cursor approval with old text glued to its marker as unknown', () => {
    const lines = rewrite(screen('cursor-warden-approval-2026.06.26'), /→ Run \(once\)/, (r) => r.replace(/^\s*→/, 'Ex→'));
    expect(classify('cursor', lines).kind).toBe('unknown');
  });

  it('reads two option lists drawn into each other (a number met again) as unknown', () => {
    const lines = screen('codex-warden-approval-0.142.3');
    const first = lines.findIndex((l) => /^\s*› 1\./.test(l));
    const interleaved = [...lines.slice(0, first + 2), lines[first] ?? '', ...lines.slice(first + 2)];
    expect(classify('codex', interleaved).kind).toBe('unknown');
  });

  it("keeps a prompt under the agent's own output that glues text to an arrow (`input→ Output`)", () => {
    const lines = screen('codex-warden-approval-0.142.3');
    const question = lines.findIndex((l) => l.includes('Would you like to run'));
    const withOutput = [...lines.slice(0, question), '  input→ Output', ...lines.slice(question)];
    expect(classify('codex', withOutput)).toEqual(classify('codex', lines));
  });

  it('keeps a prompt whose body has a numbered list of its own (a new list starts at 1)', () => {
    const lines = screen('claude-herdr-dynamic-workflow');
    expect(isTornFrame(lines)).toBe(false);
    expect(classify('claude', lines).kind).toBe('permission');
  });

  it('finds no torn frame in any peer screen as captured', () => {
    const index = readFileSync(join(PEERS, '../index.tsv'), 'utf8').trim().split('\n').slice(1);
    const torn = index.map((row) => row.split('\t')[0] ?? '').filter((id) => isTornFrame(screen(id)));
    expect(torn).toEqual([]);
  });
});
