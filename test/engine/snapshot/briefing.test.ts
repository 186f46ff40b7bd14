import { describe, expect, it } from 'vitest';
import { briefingText, RESUME_MARKER } from '../../../main/engine/snapshot/briefing.ts';

describe('briefingText', () => {
  const text = briefingText('# Restart Snapshot — claude\n\n=== USER ===\nhi\n', 'claude');

  it('opens with the resume marker and frames reading the snapshot as the first action', () => {
    expect(text.startsWith(`${RESUME_MARKER} You are resuming work`)).toBe(true);
    expect(text).toContain('Read it before anything else: this is your first action.');
  });

  it('carries the snapshot verbatim inside <snapshot> tags', () => {
    expect(text).toContain('<snapshot>\n# Restart Snapshot — claude\n\n=== USER ===\nhi\n</snapshot>');
  });
});
