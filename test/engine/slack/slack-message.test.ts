/** Slack's item message (pure) and what the channel reads from envelopes: cleaned, masked, escaped, within Slack's limits; anything malformed ignored. */
import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../../main/engine/slack/slack-events.ts';
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
    expect(m.buttons.map((b) => b.action)).toEqual(['deny', 'snooze']);
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
    expect(m.buttons.map((b) => b.action)).toEqual(['deny', 'snooze']);
    expect(slackItemMessage(idleItem(), { tail: false, step: 0 }).buttons.map((b) => b.action)).toEqual(['snooze']);
  });

  it('puts each token in its button, cut to 75 characters, approve primary and deny danger', () => {
    const item = queueItem({ approveLabel: `Yes, ${'x'.repeat(200)}` });
    const m = slackItemMessage(item, { tail: false, step: 0 });
    const block = buttonsBlock(m.buttons.map((b, i) => ({ ...b, data: `v1:${String(i).repeat(22)}` })));
    const elements = block['elements'] as { text: { text: string }; value: string; style?: string; action_id: string }[];
    expect(elements.map((e) => e.value)).toEqual(['v1:0000000000000000000000', 'v1:1111111111111111111111', 'v1:2222222222222222222222']);
    expect(elements[0]!.text.text.length).toBeLessThanOrEqual(75);
    expect(elements.map((e) => e.style)).toEqual(['primary', 'danger', undefined]);
    expect(new Set(elements.map((e) => e.action_id)).size).toBe(3);
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
    ).toEqual({ kind: 'press', userId: 'U1', channelId: 'D1', ts: '1.000001', value: 'v1:x' });
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

describe('tsBefore', () => {
  it('compares Slack timestamps exactly, past what a double holds', () => {
    expect(tsBefore('1900000001.000001', '1900000001.000002')).toBe(true);
    expect(tsBefore('1900000001.000002', '1900000001.000002')).toBe(false);
    expect(tsBefore('1900000001.9', '1900000002.000000')).toBe(true);
    expect(tsBefore('1900000001.1', '1900000001.09')).toBe(false);
  });
});
