/** `trailboss doctor`'s Slack check: not paired is fine; paired and connected says so; a revoked token is a problem. Slack stand-in. */
import { afterEach, describe, expect, it } from 'vitest';
import { doctorFinding } from '../../support/chat-rig.ts';
import { poll } from '../../support/poll.ts';
import type { SlackRig } from './support.ts';
import { startSlackRig } from './support.ts';

let rig: SlackRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const slackFinding = (r: SlackRig) => doctorFinding(r.h, 'slack');

describe('doctor: slack', () => {
  it('says not paired (optional) when nothing is paired', async () => {
    rig = await startSlackRig({ paired: false });
    expect(await slackFinding(rig)).toMatchObject({ status: 'ok', detail: expect.stringContaining('not paired') });
  });

  it('names the paired user and says the engine is connected', async () => {
    rig = await startSlackRig();
    const r = rig;
    await poll(() => r.h.engine.store.slack.pairing().connected, 'connected');
    expect(await slackFinding(r)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/paired with Ada Lovelace \(U0ADA\).*connected/),
    });
  });

  it('calls a revoked token a problem, with the fix, and never prints it', async () => {
    rig = await startSlackRig();
    const r = rig;
    await poll(() => r.h.engine.store.slack.pairing().connected, 'connected');
    r.slack.revoke();
    await poll(
      () => !r.h.engine.slack.running && (r.h.engine.store.slack.pairing().lastError ?? '').startsWith('unauthorized'),
      'the channel stopped',
      {
        timeoutMs: 20_000,
      },
    );
    const finding = await slackFinding(r);
    expect(finding).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('Slack refused'),
      fix: expect.stringContaining('slack pair'),
    });
    expect(JSON.stringify(finding)).not.toMatch(/xox[bp]-|xapp-/);
  });
});
