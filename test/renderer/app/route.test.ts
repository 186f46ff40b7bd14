import { describe, expect, it } from 'vitest';
import { routeFromHash } from '../../../renderer/app/route.ts';

describe('routeFromHash', () => {
  it('reads the view and the item the shell asks for', () => {
    expect(routeFromHash('#view=queue&item=ab12cd34')).toEqual({ view: 'queue', item: 'ab12cd34' });
    expect(routeFromHash('#view=settings')).toEqual({ view: 'settings', item: null });
  });

  it('ignores what it does not know (and the token)', () => {
    expect(routeFromHash('#token=abc')).toEqual({ view: null, item: null });
    expect(routeFromHash('#view=admin&item=<script>')).toEqual({ view: null, item: null });
    expect(routeFromHash('')).toEqual({ view: null, item: null });
  });
});
