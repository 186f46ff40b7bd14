import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { onCleanup, seen, tempStore } from './support/temp-store.ts';
import { poll } from '../../support/poll.ts';

const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'claim-worker.ts');
const ITEMS = 2000;

/** Spawn a claim worker and collect its stdout lines. */
function startWorker(file: string, name: string, peer: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, file, name, peer], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onCleanup(() => child.kill('SIGKILL'));
  const lines: string[] = [];
  let stderr = '';
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, lines, stderr: () => stderr };
}

describe('claims across processes', () => {
  it('gives every item to exactly one of two processes racing for all of them', async () => {
    const { store, file } = tempStore();
    store.transaction(() => {
      for (let i = 0; i < ITEMS; i++) {
        const key = `default|%${i}`;
        store.panes.observe(seen(key));
        store.items.open({
          paneKey: key,
          kind: 'permission',
          prompt: null,
          fingerprint: null,
          summary: '',
          firstSeen: i,
          expiresAt: i + 1,
        });
      }
    });
    const a = startWorker(file, 'proc-a', 'proc-b');
    const b = startWorker(file, 'proc-b', 'proc-a');
    await poll(() => a.lines.length === 1 && b.lines.length === 1, `workers done (${a.stderr()}${b.stderr()})`, { timeoutMs: 30_000 });

    type Report = { won: string[]; start: number; end: number };
    const ra = JSON.parse(a.lines[0]!) as Report;
    const rb = JSON.parse(b.lines[0]!) as Report;
    // The two claim loops ran at the same time (SQLite serialises the writes; each claim must see
    // the other process's committed claims, whoever the busy handler lets through first).
    expect(ra.start).toBeLessThan(rb.end);
    expect(rb.start).toBeLessThan(ra.end);
    const [wonA, wonB] = [ra.won, rb.won];
    const all = store.items.list();
    expect(wonA.length + wonB.length).toBe(ITEMS);
    expect(new Set([...wonA, ...wonB]).size).toBe(ITEMS);
    const owner = new Map(all.map((i) => [i.id, i.claimedBy]));
    expect(wonA.every((id) => owner.get(id) === 'proc-a')).toBe(true);
    expect(wonB.every((id) => owner.get(id) === 'proc-b')).toBe(true);
  });
});
