/**
 * The Slack stand-in's modals, as the Slack behaviour they reproduce (the stand-in's header cites it):
 * a press's `trigger_id` opens one modal, once, for 3 s; a view Slack would refuse is refused; a
 * submission's acknowledgement with errors keeps the modal open, any other closes it. Called through the
 * engine's own Web API client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { SlackApi } from '../../../main/engine/slack/slack-api.ts';
import { denyFormView } from '../../../main/engine/slack/slack-deny-form.ts';
import { SlackStandIn } from '../../support/slack-api/stand-in.ts';

let slack: SlackStandIn | null = null;
afterEach(async () => {
  await slack?.close();
  slack = null;
});

/** A press's trigger, as the envelope carries it (no socket is open: the stand-in keeps the envelope). */
function triggerOfPress(s: SlackStandIn): string {
  const ada = s.addUser('U0ADA', 'Ada Lovelace');
  return s.triggerOf(s.pressValue(ada, s.dmChannel(ada.id), '1.000001', 'v1:x'));
}

const errorOf = async (p: Promise<unknown>) => p.then(() => 'ok').catch((e: Error) => e.message);

describe('Slack stand-in: views.open and view submissions', () => {
  it('exchanges a trigger once, refuses one it never issued or that expired, and refuses a view Slack would', async () => {
    slack = await SlackStandIn.start();
    const web = new SlackApi({ apiBase: slack.apiBase, token: slack.botToken, logger: silentLogger });
    const view = denyFormView('*claude*', 'v1:x');
    expect(await errorOf(web.call('views.open', { view }))).toMatch(/invalid_arguments/);
    expect(await errorOf(web.call('views.open', { trigger_id: '1.2.nope', view }))).toMatch(/invalid_trigger_id/);
    const trigger = triggerOfPress(slack);
    expect(await errorOf(web.call('views.open', { trigger_id: trigger, view: { ...view, submit: undefined } }))).toMatch(
      /invalid_arguments/,
    );
    expect(
      await errorOf(
        web.call('views.open', { trigger_id: trigger, view: { ...view, title: { type: 'plain_text', text: 'x'.repeat(25) } } }),
      ),
    ).toMatch(/invalid_arguments/);
    expect(await errorOf(web.call('views.open', { trigger_id: trigger, view }))).toBe('ok');
    expect(await errorOf(web.call('views.open', { trigger_id: trigger, view }))).toMatch(/exchanged_trigger_id/);
    slack.triggerTtlMs = 0;
    const late = triggerOfPress(slack);
    await new Promise((done) => setTimeout(done, 5));
    expect(await errorOf(web.call('views.open', { trigger_id: late, view }))).toMatch(/expired_trigger_id/);
    expect(slack.views.size).toBe(1);
  });
});
