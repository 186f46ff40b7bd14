/**
 * Codex 0.171.0 idle in a 20-column pane (real capture, test/fixtures/panes/codex/sizes/idle-w20): the footer
 * under the composer wraps over four rows (`GPT-5.5 default` / `· /tmp/…` / `codex-…/…` / `← for agents  ⚠ 1`).
 * It is still the composer with its placeholder: idle, nothing typed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';

const SIZES = join(import.meta.dirname, '../../../fixtures/panes/codex/sizes');
const toLines = (text: string) => text.replace(/\n$/, '').split('\n');

describe('Codex composer with its footer wrapped', () => {
  it('is idle with an empty draft at 20 columns', () => {
    const capture = {
      lines: toLines(readFileSync(join(SIZES, 'idle-w20.txt'), 'utf8')),
      ansiLines: toLines(readFileSync(join(SIZES, 'idle-w20.ansi'), 'utf8')),
    };
    expect(codexRuntime.classify(capture)).toMatchObject({ kind: 'idle', draft: '' });
  });
});
