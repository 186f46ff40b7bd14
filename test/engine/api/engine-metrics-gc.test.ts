// Rule guarded: the metrics route runs a full garbage collection first only when asked (`{ gc: true }`)
// and only in an engine started with --expose-gc (the soak bench's); any other caller cannot make
// the engine pause, and the answer says whether a collection ran.
import { afterEach, describe, expect, it } from 'vitest';
import { fullGcIfAsked } from '../../../main/engine/api/engine-metrics.ts';

const g = globalThis as { gc?: () => void };
const original = g.gc;
afterEach(() => {
  if (original === undefined) delete g.gc;
  else g.gc = original;
});

describe('fullGcIfAsked', () => {
  it('collects when asked and the collector is exposed', () => {
    let runs = 0;
    g.gc = () => void runs++;
    expect(fullGcIfAsked({ gc: true })).toBe(true);
    expect(runs).toBe(1);
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
