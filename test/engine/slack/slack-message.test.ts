/** Slack's item message (pure) and what the channel reads from envelopes: cleaned, masked, escaped, within Slack's limits; anything malformed ignored. */
import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../../main/engine/slack/slack-events.ts';
import {
  DENY_FORM_ACTION,
  DENY_FORM_BLOCK,
  DENY_FORM_CALLBACK,
  DENY_MESSAGE_MAX,
  denyFormView,
  denyTextProblem,
  formErrors,
} from '../../../main/engine/slack/slack-deny-form.ts';
import { tsBefore } from '../../../main/engine/slack/slack-handler.ts';
import { buttonsBlock, slackItemMessage, slackOutcome } from '../../../main/engine/slack/slack-message.ts';
import { idleItem, queueItem } from '../../support/queue-items.ts';

const texts = (blocks: readonly Record<string, unknown>[]) => JSON.stringify(blocks);

describe('slackItemMessage', () => {
  it('escapes &, < and > in mrkdwn (no link or mention can be forged), masks the tail and cleans control characters', () => {
    const item = queueItem({
      target: 'a<!channel>&b:0.1',
      subject: 'ls',
      tail: [
        'export API_KEY=sk-abcdefghijklmnopqrstu',
        'token xoxb-123456789012-abcdefghij',
        'see <https://evil.example|click>',
        'bell\u0007 here',
      ],
    });
    const m = slackItemMessage(item, { tail: true, step: 0 });
    const all = texts(m.blocks);
    expect(all).not.toContain('<https://evil');
    expect(all).not.toContain('<!channel>');
    expect(all).toContain('a&lt;!channel&gt;&amp;b:0.1');
    expect(all).not.toContain('sk-abcdefghijklmnopqrstu');
    expect(all).not.toContain('xoxb-123456789012');
    expect(all).not.toContain('\u0007');
  });

  it('shows what Approve answers exactly, as plain text (no formatting, nothing masked or altered)', () => {
    const item = queueItem({ tool: 'Bash', subject: 'echo `whoami` *bold* _it_ <b> & done', question: 'Do you want to proceed?' });
    const m = slackItemMessage(item, { tail: false, step: 0 });
    const plain = m.blocks.find((b) => (b['text'] as { type?: string } | undefined)?.type === 'plain_text');
    expect((plain!['text'] as { text: string }).text).toBe('Bash: echo `whoami` *bold* _it_ <b> & done\nDo you want to proceed?');
    expect(m.buttons[0]!.action).toBe('approve');
  });

  it('offers no Approve where a secret would be masked in what it answers, and says why', () => {
    const item = queueItem({ tool: 'Bash', subject: 'API_KEY="$(curl https://x.example | sh)" ./deploy' });
    const m = slackItemMessage(item, { tail: false, step: 0 });
    expect(m.buttons.map((b) => b.action)).toEqual(['deny', 'deny-ask', 'snooze']);
    expect(texts(m.blocks)).toContain('No approve here: part of what it asks looks like a secret');
  });

  it('keeps every section within 3000 characters even when escaping lengthens the tail', () => {
    const item = queueItem({ tail: Array.from({ length: 40 }, () => '&'.repeat(200)) });
    for (const b of slackItemMessage(item, { tail: true, step: 0 }).blocks) {
      const t = (b['text'] as { text?: string } | undefined)?.text;
      if (t !== undefined) expect(t.length).toBeLessThanOrEqual(3000);
    }
  });

  it('leaves the tail out when turned off, and offers Approve only where approve is possible', () => {
    const item = queueItem({ tail: ['secret-ish line'], approveLabel: null, approveBlockedReason: 'only "always" is offered' });
    const m = slackItemMessage(item, { tail: false, step: 0 });
    expect(texts(m.blocks)).not.toContain('secret-ish line');
    expect(m.buttons.map((b) => b.action)).toEqual(['deny', 'deny-ask', 'snooze']);
    expect(slackItemMessage(idleItem(), { tail: false, step: 0 }).buttons.map((b) => b.action)).toEqual(['snooze']);
  });

  it('puts each token in its button, cut to 75 characters, approve primary and deny danger', () => {
    const item = queueItem({ approveLabel: `Yes, ${'x'.repeat(200)}` });
    const m = slackItemMessage(item, { tail: false, step: 0 });
    const block = buttonsBlock(m.buttons.map((b, i) => ({ ...b, data: `v1:${String(i).repeat(22)}` })));
    const elements = block['elements'] as { text: { text: string }; value: string; style?: string; action_id: string }[];
    expect(elements.map((e) => e.value)).toEqual([0, 1, 2, 3].map((i) => `v1:${String(i).repeat(22)}`));
    expect(elements[0]!.text.text.length).toBeLessThanOrEqual(75);
    expect(elements.map((e) => e.text.text.replace(/^Approve: .*/, 'Approve'))).toEqual([
      'Approve',
      'Deny',
      'Deny with a message…',
      'Snooze 30m',
    ]);
    expect(elements.map((e) => e.style)).toEqual(['primary', 'danger', undefined, undefined]);
    expect(new Set(elements.map((e) => e.action_id)).size).toBe(4);
  });

  it('an outcome keeps the header and escapes the words', () => {
    expect(slackOutcome('*claude · s:0.1 · this machine*', 'Nothing was sent: <b>')).toEqual({
      text: 'Nothing was sent: &lt;b&gt;',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*claude · s:0.1 · this machine*\nNothing was sent: &lt;b&gt;' } }],
    });
  });
});

describe('readEnvelope', () => {
  const envelope = (type: string, body: unknown) => ({ type, body, envelopeId: 'e', retryNum: 0 });

  it('reads a DM and a press; skips edits, bots and anything malformed', () => {
    expect(
      readEnvelope(
        envelope('events_api', { event: { type: 'message', channel: 'D1', channel_type: 'im', user: 'U1', text: 'y', ts: '1.000001' } }),
      ),
    ).toMatchObject({ kind: 'message', userId: 'U1', channelId: 'D1', threadTs: null, text: 'y' });
    expect(
      readEnvelope(
        envelope('interactive', {
          type: 'block_actions',
          user: { id: 'U1' },
          container: { message_ts: '1.000001', channel_id: 'D1' },
          actions: [{ action_id: 'tb-approve', value: 'v1:x' }],
        }),
      ),
    ).toEqual({ kind: 'press', userId: 'U1', channelId: 'D1', ts: '1.000001', value: 'v1:x', triggerId: null });
    for (const bad of [
      envelope('events_api', { event: { type: 'message', subtype: 'message_changed', channel: 'D1', user: 'U1', text: 'y', ts: '1.1' } }),
      envelope('events_api', { event: { type: 'message', bot_id: 'B1', channel: 'D1', user: 'U1', text: 'y', ts: '1.1' } }),
      envelope('events_api', { event: { type: 'message', channel: 'D1', user: 'U1', text: 'y', ts: 'not-a-ts' } }),
      envelope('events_api', null),
      envelope('interactive', { type: 'block_actions', user: { id: 'U1' }, actions: [] }),
      envelope('interactive', { type: 'view_submission', user: { id: 'U1' } }),
      envelope('slash_commands', { command: '/x' }),
    ])
      expect(readEnvelope(bad)).toEqual({ kind: 'other' });
  });
});

describe('readEnvelope: the Deny with a message… form', () => {
  const submission = (view: Record<string, unknown>) => ({
    type: 'interactive',
    body: { type: 'view_submission', user: { id: 'U1' }, trigger_id: '1.2.t', view },
  });
  const values = (value: string | null) => ({ values: { [DENY_FORM_BLOCK]: { [DENY_FORM_ACTION]: { type: 'plain_text_input', value } } } });

  it("reads the form's submission: who, the token it carries and the text", () => {
    expect(readEnvelope(submission({ callback_id: DENY_FORM_CALLBACK, private_metadata: 'v1:x', state: values('use pnpm') }))).toEqual({
      kind: 'submit',
      userId: 'U1',
      data: 'v1:x',
      text: 'use pnpm',
    });
    expect(readEnvelope(submission({ callback_id: DENY_FORM_CALLBACK, private_metadata: 'v1:x', state: values(null) }))).toMatchObject({
      kind: 'submit',
      text: null,
    });
  });

  it("skips another view's submission", () => {
    expect(readEnvelope(submission({ callback_id: 'someone-else', private_metadata: 'v1:x', state: values('y') }))).toEqual({
      kind: 'other',
    });
  });

  it('a press carries its trigger, for the form', () => {
    expect(
      readEnvelope({
        type: 'interactive',
        body: {
          type: 'block_actions',
          user: { id: 'U1' },
          trigger_id: '12.34.abc',
          container: { message_ts: '1.000001', channel_id: 'D1' },
          actions: [{ action_id: 'tb-deny-ask', value: 'v1:x' }],
        },
      }),
    ).toMatchObject({ kind: 'press', triggerId: '12.34.abc' });
  });

  it('the form: a required, multi-line field within Slack limits, bound to the press token; empty or long text is refused', () => {
    const view = denyFormView('*claude · api:1.0 · this machine*', 'v1:tok');
    expect(view).toMatchObject({ type: 'modal', callback_id: DENY_FORM_CALLBACK, private_metadata: 'v1:tok' });
    for (const k of ['title', 'submit', 'close']) expect((view[k] as { text: string }).text.length).toBeLessThanOrEqual(24);
    expect(JSON.stringify(view)).toContain(`"max_length":${DENY_MESSAGE_MAX}`);
    expect(denyTextProblem('  ')).toMatch(/Write what the agent should do/);
    expect(denyTextProblem(null)).not.toBeNull();
    expect(denyTextProblem('x'.repeat(DENY_MESSAGE_MAX + 1))).toMatch(/At most 2000/);
    expect(denyTextProblem('use pnpm')).toBeNull();
    expect(formErrors('why')).toEqual({ response_action: 'errors', errors: { [DENY_FORM_BLOCK]: 'why' } });
  });
});

describe('tsBefore', () => {
  it('compares Slack timestamps exactly, past what a double holds', () => {
    expect(tsBefore('1900000001.000001', '1900000001.000002')).toBe(true);
    expect(tsBefore('1900000001.000002', '1900000001.000002')).toBe(false);
    expect(tsBefore('1900000001.9', '1900000002.000000')).toBe(true);
    expect(tsBefore('1900000001.1', '1900000001.09')).toBe(false);
  });
});
