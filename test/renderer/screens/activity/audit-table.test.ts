import { describe, expect, it } from 'vitest';
import { sentText } from '../../../../renderer/screens/activity/audit-table.tsx';
import type { AuditEntryDto } from '../../../../preload/contract/index.ts';

const entry = (over: Partial<AuditEntryDto>): AuditEntryDto => ({
  id: 1,
  at: 0,
  paneKey: 'default|%1',
  target: 'w:1.0',
  host: null,
  keys: [],
  text: null,
  why: '',
  origin: 'window',
  itemId: null,
  outcome: null,
  ...over,
});

describe('sentText', () => {
  it('shows key names separated by spaces', () => {
    expect(sentText(entry({ keys: ['Down', 'Enter'] }))).toBe('Down Enter');
  });

  it('shows typed text in quotes', () => {
    expect(sentText(entry({ text: 'continue' }))).toBe('“continue”');
  });
});
