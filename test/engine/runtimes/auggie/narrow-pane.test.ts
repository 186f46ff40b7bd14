/**
 * Auggie 0.36.0 in a 20-column pane (real capture, test/fixtures/panes/auggie/sizes/perm-shell-w20): the box
 * title wraps (`Tool Approval` / `Required`) and the `[A]llow [D]eny` line is whole under it. It is the same
 * approval as at 120 columns: approve `a` (one call), deny `d`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';

const SIZES = join(import.meta.dirname, '../../../fixtures/panes/auggie/sizes');
const lines = (name: string) =>
  readFileSync(join(SIZES, `${name}.txt`), 'utf8')
    .replace(/\n$/, '')
    .split('\n');

describe('auggie tool approval with its title wrapped', () => {
  it('keeps approve a and deny d at 20 columns', () => {
    const screen = auggieRuntime.classify({ lines: lines('perm-shell-w20') });
    expect(screen.kind).toBe('permission');
    if (screen.kind !== 'permission') return;
    expect(screen.question).toBe('Tool Approval Required');
    expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['a', 'd']);
  });
});
