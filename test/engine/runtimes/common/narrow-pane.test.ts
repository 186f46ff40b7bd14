/** Narrow-pane shapes (issue 29): the marker squeezed against the number, and key hints each alone on a row. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeById } from '../../../../main/engine/runtimes/catalog.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import type { RuntimeId } from '../../../../main/engine/runtimes/types.ts';

const screen = (id: string) =>
  readFileSync(join(import.meta.dirname, '../../../fixtures/peer-screens/screens', `${id}.txt`), 'utf8')
    .replace(/\n$/, '')
    .split('\n');

function keys(runtime: RuntimeId, lines: string[]): { kind: string; approve: string | null; deny: string | null } {
  const s = runtimeById(runtime).classify({ lines });
  return { kind: s.kind, approve: s.kind === 'permission' ? approveKeyFor(s) : null, deny: s.kind === 'permission' ? denyKeyFor(s) : null };
}

describe('narrow panes', () => {
  it('reads Claude options whose marker touches the number (`❯1.`)', () => {
    const lines = screen('claude-warden-bash-plain').map((l) => l.replace('❯ 1.', '❯1.'));
    expect(lines.some((l) => l.includes('❯1. Yes'))).toBe(true);
    expect(keys('claude', lines)).toEqual({ kind: 'permission', approve: '1', deny: '3' });
  });

  it('reads Codex options whose marker touches the number (`›1.`)', () => {
    const lines = screen('codex-warden-approval-0.142.3').map((l) => l.replace('› 1.', '›1.'));
    expect(lines.some((l) => l.includes('›1. Yes'))).toBe(true);
    expect(keys('codex', lines)).toEqual({ kind: 'permission', approve: '1', deny: '3' });
  });

  it('reads a Claude prompt whose key hints each stand alone on a row', () => {
    const lines = screen('claude-warden-bash-plain').flatMap((l) =>
      /Esc to cancel · Tab to amend/.test(l)
        ? l
            .trim()
            .split(' · ')
            .map((h) => ` ${h}`)
        : [l],
    );
    expect(lines.filter((l) => /^ (?:Esc to cancel|Tab to amend|ctrl\+e to explain)$/.test(l))).toHaveLength(3);
    expect(keys('claude', lines)).toEqual({ kind: 'permission', approve: '1', deny: '3' });
  });
});
