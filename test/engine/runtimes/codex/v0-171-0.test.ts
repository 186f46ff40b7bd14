/**
 * Codex CLI 0.171.0 (test/fixtures/panes/codex/v0.171.0, the live suite's pinned run): idle, working and
 * the command prompt read as in 0.169.0; `1` approves once, `3` denies (the suite ran both).
 */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { captureNames, loadCapture } from './fixture-files.ts';

const DIR = 'codex/v0.171.0';

describe('codex 0.171.0 captures', () => {
  it('has the four screens its note lists', () => {
    expect(captureNames(DIR)).toEqual(['idle-after-turn', 'idle-startup', 'perm-shell-approve', 'working']);
  });

  it.each(['idle-startup', 'idle-after-turn'])('%s is idle with an empty draft', (name) => {
    expect(codexRuntime.classify(loadCapture(DIR, name))).toEqual({ kind: 'idle', runtime: 'codex', draft: '' });
  });

  it('working is working', () => {
    expect(codexRuntime.classify(loadCapture(DIR, 'working')).kind).toBe('working');
  });

  it('the command prompt approves with 1 and denies with 3', () => {
    const screen = codexRuntime.classify(loadCapture(DIR, 'perm-shell-approve'));
    if (screen.kind !== 'permission') throw new Error(`expected a permission, got ${screen.kind}`);
    expect(screen).toMatchObject({
      subject: 'echo ran >> ran.txt',
      confidence: 'high',
      question: 'Would you like to run the following command?',
    });
    expect(screen.options.map((o) => o.kind)).toEqual(['once', 'always', 'deny']);
    expect(approveKeyFor(screen)).toBe('1');
    expect(denyKeyFor(screen)).toBe('3');
  });
});
