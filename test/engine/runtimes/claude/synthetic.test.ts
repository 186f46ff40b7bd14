/**
 * Claude in Chrome's action prompt, seen in the wild and not captured
 * (test/fixtures/panes/claude/synthetic): a permission, not a dialog; approve only `1. Allow`.
 */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { CLAUDE_FIXTURES, captureNames, plainLines } from './load-fixture.ts';

const SYNTHETIC = `${CLAUDE_FIXTURES}/synthetic`;

const TABLE: Record<string, { subject: string; kinds: string[]; highlighted: number; deny: string }> = {
  'browser-allow': { subject: 'https://example.com/checkout', kinds: ['once', 'always', 'deny'], highlighted: 0, deny: '3' },
  'browser-allow-deny-selected': { subject: 'https://shop.example/cart', kinds: ['once', 'always', 'deny'], highlighted: 2, deny: '3' },
  'browser-allow-no-site-option': { subject: 'click', kinds: ['once', 'deny'], highlighted: 0, deny: '2' },
};

describe('claude in chrome prompt (synthetic)', () => {
  it('has a table entry for every synthetic screen', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames(SYNTHETIC));
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    it(name, () => {
      const screen = claudeRuntime.classify({ lines: plainLines(SYNTHETIC, name) });
      if (screen.kind !== 'permission') throw new Error(`${name}: ${screen.kind}`);
      expect([screen.tool, screen.subject, screen.confidence, screen.highlighted]).toEqual([
        'Claude in Chrome',
        expected.subject,
        'high',
        expected.highlighted,
      ]);
      expect(screen.options.map((o) => o.kind)).toEqual(expected.kinds);
      expect(approveKeyFor(screen)).toBe('1');
      expect(denyKeyFor(screen)).toBe(expected.deny);
    });
  }

  it.each([
    ['a reworded single-use option', (l: string) => l.replace('1. Allow', '1. Allow for this site')],
    ['a fourth option', (l: string) => l.replace('3. Deny (esc)', '3. Allow always\n   4. Deny (esc)')],
    ['the site option reworded', (l: string) => l.replace('for this session', 'from now on')],
  ])('reads %s as low confidence: no approve key, Escape denies', (_what, change) => {
    const lines = plainLines(SYNTHETIC, 'browser-allow').flatMap((l) => change(l).split('\n'));
    const screen = claudeRuntime.classify({ lines });
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect(screen.confidence).toBe('low');
    expect(approveKeyFor(screen)).toBeNull();
    expect(denyKeyFor(screen)).toBe('Escape');
  });
});
