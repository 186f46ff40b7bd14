/** Every Claude capture classifies as its note says; the table must name every capture and nothing else. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { CLAUDE_2_1_197, CLAUDE_2_1_329, CLAUDE_2_1_332 } from './fixture-table.ts';
import type { Expected } from './fixture-table.ts';
import { CLAUDE_FIXTURES, V197, captureNames, loadCapture, plainLines } from './load-fixture.ts';

const FOLDERS: readonly { label: string; folder: string; table: Readonly<Record<string, Expected>> }[] = [
  { label: '2.1.329', folder: CLAUDE_FIXTURES, table: CLAUDE_2_1_329 },
  { label: '2.1.197', folder: join(CLAUDE_FIXTURES, V197), table: CLAUDE_2_1_197 },
  { label: '2.1.332', folder: join(CLAUDE_FIXTURES, 'v2.1.332'), table: CLAUDE_2_1_332 },
];

function check(expected: Expected, folder: string, name: string, withColour: boolean): void {
  const capture = withColour ? loadCapture(folder, name) : { lines: plainLines(folder, name) };
  const screen = claudeRuntime.classify(capture);
  expect(screen.kind).toBe(expected.kind);
  expect(screen.runtime).toBe('claude');
  switch (expected.kind) {
    case 'permission': {
      if (screen.kind !== 'permission') return;
      expect(screen.tool).toBe(expected.tool);
      expect(screen.subject).toBe(expected.subject);
      expect(screen.question).toBe(expected.question);
      expect(screen.options.map((o) => o.kind)).toEqual(expected.kinds);
      expect(screen.options.map((o) => o.key)).toEqual(expected.kinds.map((_, i) => String(i + 1)));
      expect(screen.highlighted).toBe(expected.highlighted);
      expect(screen.confidence).toBe(expected.confidence);
      expect(screen.escapeDenies).toBe(true);
      expect(screen.approveByEnterOnHighlight).toBe(false);
      expect(approveKeyFor(screen)).toBe(expected.approve);
      expect(denyKeyFor(screen)).toBe(expected.deny);
      return;
    }
    case 'dialog': {
      if (screen.kind !== 'dialog') return;
      expect(screen.dialogId).toBe(expected.dialogId);
      expect(screen.highlighted).toBe(expected.highlighted);
      expect(screen.options.map((o) => o.label)).toEqual(expected.labels);
      expect(screen.options.map((o) => o.key)).toEqual(expected.keys);
      expect(screen.question).not.toBe('');
      return;
    }
    case 'idle':
      if (screen.kind === 'idle') expect(screen.draft).toBe(expected.draft);
      return;
    case 'working':
      if (screen.kind === 'working') expect(screen.indicator).toContain(expected.indicator);
      return;
    case 'unknown':
      return;
  }
}

for (const { label, folder, table } of FOLDERS) {
  describe(`Claude ${label} captures`, () => {
    it('has a table entry for every capture and a capture for every entry', () => {
      expect(captureNames(folder)).toEqual(Object.keys(table).sort());
    });

    for (const [name, expected] of Object.entries(table)) {
      it(`${name} -> ${expected.kind}`, () => check(expected, folder, name, true));
      it(`${name} -> ${expected.kind} (plain text only)`, () => check(expected, folder, name, false));
    }
  });
}
