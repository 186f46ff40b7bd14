/**
 * Deterministic fuzzing of real Claude screens: lines dropped, duplicated, swapped, truncated, or replaced by
 * junk. The classifier must never throw, and any approve key it yields must still land on "Yes" on that screen.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { CLAUDE_FIXTURES, V197, captureNames, plainLines } from './load-fixture.ts';

const JUNK = [
  '',
  '❯ ',
  '❯ 1. Yes',
  '   2. No',
  '─'.repeat(120),
  '╌'.repeat(120),
  ' Esc to cancel',
  '\x00\x1b[31m',
  '🎉'.repeat(80),
  ' Bash command',
  ' Do you want to proceed?',
];

function rng(seed: number): () => number {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

function mutate(lines: readonly string[], random: () => number): string[] {
  const out = [...lines];
  const edits = 1 + Math.floor(random() * 3);
  for (let e = 0; e < edits && out.length > 0; e++) {
    const i = Math.floor(random() * out.length);
    const j = Math.floor(random() * out.length);
    switch (Math.floor(random() * 5)) {
      case 0:
        out.splice(i, 1);
        break;
      case 1:
        out.splice(i, 0, out[j] ?? '');
        break;
      case 2:
        [out[i], out[j]] = [out[j] ?? '', out[i] ?? ''];
        break;
      case 3:
        out[i] = (out[i] ?? '').slice(0, Math.floor(random() * 40));
        break;
      default:
        out[i] = JUNK[Math.floor(random() * JUNK.length)] ?? '';
    }
  }
  return out;
}

/** The label next to `key.` in the bottom 30 lines (the bottom-most wins: scrollback above is not the prompt). */
function labelFor(lines: readonly string[], key: string): string | null {
  const hits = lines.slice(-30).flatMap((l) => {
    const m = new RegExp(`^\\s*(?:❯\\s*)?${key}\\.\\s+(.*)$`).exec(l);
    return m ? [(m[1] ?? '').trim()] : [];
  });
  return hits[hits.length - 1] ?? null;
}

describe('fuzzed Claude screens', () => {
  const folders = [CLAUDE_FIXTURES, join(CLAUDE_FIXTURES, V197)];
  const screens = folders.flatMap((f) => captureNames(f).map((n) => plainLines(f, n)));

  it('never throw, and approve/deny only ever land on Yes / No', () => {
    const random = rng(20261120);
    const problems: string[] = [];
    let approvals = 0;
    for (let round = 0; round < 3000; round++) {
      const lines = mutate(screens[round % screens.length] ?? [], random);
      const screen = claudeRuntime.classify({ lines });
      if (screen.kind !== 'permission') continue;
      const approve = approveKeyFor(screen);
      if (approve !== null) {
        approvals++;
        if (labelFor(lines, approve) !== 'Yes') problems.push(`round ${round}: approve ${approve} -> ${labelFor(lines, approve)}`);
      }
      const deny = denyKeyFor(screen);
      if (deny !== null && deny !== 'Escape' && !/^No\b/.test(labelFor(lines, deny) ?? '')) problems.push(`round ${round}: deny ${deny}`);
    }
    expect(problems).toEqual([]);
    // The mutations leave many prompts intact: the check above really ran.
    expect(approvals).toBeGreaterThan(100);
  });
});
