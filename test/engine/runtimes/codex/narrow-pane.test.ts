/**
 * Codex 0.171.0 idle in a 20-column pane (real capture, test/fixtures/panes/codex/sizes/idle-w20): the footer
 * under the composer wraps over four rows (`GPT-5.5 default` / `· /tmp/…` / `codex-…/…` / `← for agents  ⚠ 1`).
 * It is still the composer with its placeholder: idle, nothing typed.
 */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import { loadSizeCapture } from '../../../support/size-captures.ts';

describe('Codex composer with its footer wrapped', () => {
  it('is idle with an empty draft at 20 columns', () => {
    expect(codexRuntime.classify(loadSizeCapture('codex', 'idle-w20'))).toMatchObject({ kind: 'idle', draft: '' });
  });
});
