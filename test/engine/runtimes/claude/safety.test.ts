/**
 * Safety over generated variants of every Claude permission capture: options reordered (renumbered or not),
 * reworded, duplicated, the highlight moved. Approve may only land on a single-use option, deny only on a
 * "No" (or Escape). Where a key lands is read from the variant's screen text, not from the parser.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { CLAUDE_2_1_197, CLAUDE_2_1_329 } from './fixture-table.ts';
import { CLAUDE_FIXTURES, V197, plainLines } from './load-fixture.ts';

const OPTION = /^\s*(❯\s*)?(\d+)\.\s+(.*)$/;
// What a person reading the screen would call a one-time yes, and a plain no.
const SINGLE_USE = /^(yes|yes, proceed|allow once)$/i;
const PLAIN_NO = /^no\b(?!.*\b(yes|allow|approve|proceed)\b)/i;

interface Drawn {
  readonly number: number;
  readonly label: string;
  readonly highlighted: boolean;
}

interface Variant {
  readonly name: string;
  readonly lines: string[];
}

/** The option lines of a prompt: their first index and what they say. */
function optionsOf(lines: readonly string[]): { start: number; drawn: Drawn[] } {
  const start = lines.findIndex((l) => /^\s*❯?\s*1\.\s/.test(l) && !l.startsWith('❯ lab'));
  const drawn: Drawn[] = [];
  for (let i = start; i >= 0 && i < lines.length; i++) {
    const m = OPTION.exec(lines[i] ?? '');
    if (!m) break;
    drawn.push({ number: Number(m[2]), label: (m[3] ?? '').trim(), highlighted: m[1] !== undefined });
  }
  return { start, drawn };
}

function draw(lines: readonly string[], start: number, count: number, options: readonly Drawn[]): string[] {
  const out = [...lines];
  out.splice(start, count, ...options.map((o) => `${o.highlighted ? ' ❯ ' : '   '}${o.number}. ${o.label}`));
  return out;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const REWORDINGS = [
  'Yes, and remember this',
  'Yes, for this session',
  'Yes please',
  'Allow always',
  'Yes, proceed',
  'Yes, allow once for all files',
  'Sure',
];

function variants(lines: readonly string[]): Variant[] {
  const { start, drawn } = optionsOf(lines);
  const out: Variant[] = [];
  for (const order of permutations(drawn)) {
    const tag = order.map((o) => o.number).join('');
    out.push({
      name: `order ${tag}, renumbered`,
      lines: draw(
        lines,
        start,
        drawn.length,
        order.map((o, i) => ({ ...o, number: i + 1 })),
      ),
    });
    out.push({ name: `order ${tag}, numbers kept`, lines: draw(lines, start, drawn.length, order) });
  }
  drawn.forEach((_, h) => {
    out.push({
      name: `highlight on ${h + 1}`,
      lines: draw(
        lines,
        start,
        drawn.length,
        drawn.map((o, i) => ({ ...o, highlighted: i === h })),
      ),
    });
  });
  drawn.forEach((_, target) => {
    for (const label of REWORDINGS) {
      out.push({
        name: `option ${target + 1} reworded "${label}"`,
        lines: draw(
          lines,
          start,
          drawn.length,
          drawn.map((o, i) => (i === target ? { ...o, label } : o)),
        ),
      });
    }
  });
  const extra = [...drawn, { number: drawn.length + 1, label: 'Yes', highlighted: false }];
  out.push({ name: 'a second "Yes" appended', lines: draw(lines, start, drawn.length, extra) });
  return out;
}

/** The label the screen shows for option `key`, when exactly one option line carries that number. */
function labelOnScreen(lines: readonly string[], key: string): string | null {
  const { drawn } = optionsOf(lines);
  const hits = drawn.filter((o) => String(o.number) === key);
  return hits.length === 1 ? (hits[0]?.label ?? null) : null;
}

function problems(v: Variant): string[] {
  const screen = claudeRuntime.classify({ lines: v.lines });
  if (screen.kind !== 'permission') return [];
  const found: string[] = [];
  const approve = approveKeyFor(screen);
  if (approve !== null) {
    const label = labelOnScreen(v.lines, approve);
    if (screen.confidence !== 'high') found.push(`${v.name}: approve on a low-confidence parse`);
    if (label === null || !SINGLE_USE.test(label)) found.push(`${v.name}: approve '${approve}' lands on ${JSON.stringify(label)}`);
  }
  const deny = denyKeyFor(screen);
  if (deny !== null && deny !== 'Escape') {
    const label = labelOnScreen(v.lines, deny);
    if (label === null || !PLAIN_NO.test(label)) found.push(`${v.name}: deny '${deny}' lands on ${JSON.stringify(label)}`);
  }
  return found;
}

const PERMISSION_CAPTURES = [
  ...Object.entries(CLAUDE_2_1_329).flatMap(([name, e]) => (e.kind === 'permission' ? [{ folder: CLAUDE_FIXTURES, name }] : [])),
  ...Object.entries(CLAUDE_2_1_197).flatMap(([name, e]) =>
    e.kind === 'permission' ? [{ folder: join(CLAUDE_FIXTURES, V197), name: name }] : [],
  ),
];

describe('approve and deny over generated variants of every Claude permission capture', () => {
  it('covers the permission captures of both versions', () => {
    expect(PERMISSION_CAPTURES.length).toBeGreaterThanOrEqual(20);
  });

  for (const { folder, name } of PERMISSION_CAPTURES) {
    const label = `${folder.endsWith(V197) ? `${V197}/` : ''}${name}`;
    it(label, () => {
      const lines = plainLines(folder, name);
      const all = variants(lines);
      expect(all.length).toBeGreaterThan(10);
      expect(all.flatMap(problems)).toEqual([]);
    });
  }

  it('approve follows the single-use label, not the position', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'perm-bash');
    const { start, drawn } = optionsOf(lines);
    // Swap the labels of 1 and 3 but keep the cursor: an approve key of '1' would now mean auto mode.
    const swapped = draw(
      lines,
      start,
      drawn.length,
      drawn.map((o, i) => ({ ...o, label: drawn[i === 0 ? 2 : i === 2 ? 0 : i]?.label ?? '' })),
    );
    expect(labelOnScreen(swapped, '1')).toMatch(/auto mode/);
    const screen = claudeRuntime.classify({ lines: swapped });
    expect(screen.kind === 'permission' ? approveKeyFor(screen) : null).toBe('3');
  });

  it('two single-use options leave approve with no key', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'perm-bash');
    const { start, drawn } = optionsOf(lines);
    const twice = draw(
      lines,
      start,
      drawn.length,
      drawn.map((o, i) => (i === 2 ? { ...o, label: 'Yes' } : o)),
    );
    const screen = claudeRuntime.classify({ lines: twice });
    expect(screen.kind).toBe('permission');
    expect(screen.kind === 'permission' ? approveKeyFor(screen) : 'not a prompt').toBeNull();
  });
});
