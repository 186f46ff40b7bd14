/**
 * Codex prompts seen in the wild and not captured (test/fixtures/panes/codex/synthetic): options
 * classified, approve only on "Yes, just this once", never on a host- or session-wide grant.
 */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import type { OptionKind } from '../../../../main/engine/runtimes/types.ts';
import { captureNames, loadCapture } from './fixture-files.ts';

interface Expected {
  readonly tool: string | null;
  readonly subject: string;
  readonly kinds: OptionKind[];
  readonly confidence: 'high' | 'low';
  readonly approve: string | null;
  readonly deny: string;
}

const TABLE: Record<string, Expected> = {
  'network-access': {
    tool: 'network',
    subject: 'registry.npmjs.org',
    kinds: ['once', 'always', 'always', 'other', 'deny'],
    confidence: 'high',
    approve: '1',
    deny: '5',
  },
  'network-access-no-hints': {
    tool: 'network',
    subject: 'registry.npmjs.org',
    kinds: ['once', 'always', 'other', 'deny'],
    confidence: 'high',
    approve: '1',
    deny: '4',
  },
  // Digits select directly: the highlight on the conversation grant does not move approve off `1`.
  'network-access-second-selected': {
    tool: 'network',
    subject: 'example.com',
    kinds: ['once', 'always', 'deny'],
    confidence: 'high',
    approve: '1',
    deny: '3',
  },
  // What "these permissions" are is not read with certainty: no approve key, Escape cancels.
  'grant-permissions': { tool: null, subject: '', kinds: ['once', 'always', 'deny'], confidence: 'low', approve: null, deny: 'Escape' },
  'grant-permissions-turn': {
    tool: null,
    subject: '',
    kinds: ['always', 'always', 'deny'],
    confidence: 'low',
    approve: null,
    deny: 'Escape',
  },
};

describe('codex synthetic prompts (seen in the wild, not captured)', () => {
  it('has a table entry for every synthetic screen', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('codex/synthetic'));
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    it(name, () => {
      const screen = codexRuntime.classify(loadCapture('codex/synthetic', name));
      if (screen.kind !== 'permission') throw new Error(`${name}: ${screen.kind}`);
      expect([screen.tool, screen.subject, screen.confidence]).toEqual([expected.tool, expected.subject, expected.confidence]);
      expect(screen.options.map((o) => o.kind)).toEqual(expected.kinds);
      expect(approveKeyFor(screen)).toBe(expected.approve);
      expect(denyKeyFor(screen)).toBe(expected.deny);
    });
  }
});
