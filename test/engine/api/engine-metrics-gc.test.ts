// Rule guarded: the metrics route runs a full garbage collection first only when asked (`{ gc: true }`)
// and only in an engine started with --expose-gc (the soak bench's); any other caller cannot make
// the engine pause, and the answer says whether a collection ran. The collection is the
// memory-reducing kind, and the memory it changes is read before it too.
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fullGcIfAsked } from '../../../main/engine/api/engine-metrics.ts';

const g = globalThis as { gc?: (options?: unknown) => void };
const original = g.gc;
afterEach(() => {
  if (original === undefined) delete g.gc;
  else g.gc = original;
});

describe('fullGcIfAsked', () => {
  it('collects when asked and the collector is exposed, asking V8 for a memory-reducing collection', () => {
    const calls: unknown[] = [];
    g.gc = (options) => void calls.push(options);
    expect(fullGcIfAsked({ gc: true })).toBe(true);
    expect(calls).toEqual([{ type: 'major', execution: 'sync', flavor: 'last-resort' }]);
  });

  it('does nothing when not asked, or asked with anything but true', () => {
    let runs = 0;
    g.gc = () => void runs++;
    for (const body of [undefined, null, {}, { gc: 'yes' }, { gc: 1 }, 'gc']) expect(fullGcIfAsked(body)).toBe(false);
    expect(runs).toBe(0);
  });

  it('does nothing in an engine started without --expose-gc', () => {
    delete g.gc;
    expect(fullGcIfAsked({ gc: true })).toBe(false);
  });
});

// Against this Node's real collector: the options are ones V8 reads, and that collection gives the young
// generation back where a plain gc() leaves its pages resident (what made the soak's RSS creep).
describe('the memory-reducing collection in a real engine process', () => {
  it('shrinks the young generation that a plain full collection keeps', () => {
    const script = `
      const v8 = require('node:v8');
      const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').physical_space_size;
      let keep = [];
      for (let i = 0; i < 3e6; i++) { keep.push({ i }); if (keep.length > 200000) keep = []; }
      keep = null;
      gc();
      const afterPlain = young();
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      console.log(JSON.stringify({ afterPlain, afterReducing: young() }));`;
    const r = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const { afterPlain, afterReducing } = JSON.parse(r.stdout) as { afterPlain: number; afterReducing: number };
    expect(afterPlain).toBeGreaterThan(4 * 2 ** 20);
    expect(afterReducing).toBeLessThan(afterPlain / 4);
  });
});
