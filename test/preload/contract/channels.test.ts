import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, isChannel } from '../../../preload/contract/channels.ts';

describe('channels', () => {
  it('names every channel domain:verb', () => {
    for (const name of CHANNEL_NAMES) expect(name).toMatch(/^[a-z]+:[a-z]+$/);
  });

  it('has no duplicate names', () => {
    expect(new Set(CHANNEL_NAMES).size).toBe(CHANNEL_NAMES.length);
  });

  it('accepts only contract channels from untrusted input', () => {
    expect(isChannel('item:approve')).toBe(true);
    expect(isChannel('item:approveAlways')).toBe(false);
    expect(isChannel('__proto__')).toBe(false);
    expect(isChannel(undefined)).toBe(false);
  });
});
