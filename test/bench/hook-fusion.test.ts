/** Smoke test of the hook → item bench: one looping Claude pane, hooks sent as it draws each prompt. */
import { describe, expect, it } from 'vitest';
import { runHookFusion } from '../../bench/hook-fusion.ts';

describe('bench: hook → queue item through the engine', () => {
  it('sends each prompt’s PermissionRequest and times the item it makes', async () => {
    const r = await runHookFusion({ agents: 1, windowMs: 6000 });
    expect(r).toMatchObject({ wired: true, probeStatus: 202, missed: 0 });
    expect((r.postToItem?.n ?? 0) + (r.forwarderToItem?.n ?? 0)).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
