import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SlackPairingDto, SlackStatusDto } from '../../../../preload/contract/index.ts';
import type { SlackPanelProps } from '../../../../renderer/screens/settings/slack-panel.tsx';
import { SlackPanelView } from '../../../../renderer/screens/settings/slack-panel.tsx';

const NOT_PAIRED: SlackStatusDto = {
  paired: false,
  name: null,
  userId: null,
  bot: null,
  connected: false,
  lastConnectedAt: null,
  problem: null,
};
const PAIRED: SlackStatusDto = { ...NOT_PAIRED, paired: true, name: 'Ada Lovelace', userId: 'U0ADA', bot: 'trailboss', connected: true };
const PAIRING: SlackPairingDto = { pairingId: 'p1', bot: 'trailboss', code: 'AbCdEfGhIjKlMnOp', expiresAt: 0 };
const noop = () => {};

function draw(over: Partial<SlackPanelProps>): string {
  const props: SlackPanelProps = {
    slack: NOT_PAIRED,
    flow: { step: 'idle' },
    problem: null,
    note: null,
    botToken: '',
    appToken: '',
    apiBase: '',
    unpairAsked: false,
    onBotToken: noop,
    onAppToken: noop,
    onApiBase: noop,
    onCheck: noop,
    onConfirm: noop,
    onCancel: noop,
    onTest: noop,
    onAskUnpair: noop,
    onUnpair: noop,
    ...over,
  };
  return renderToStaticMarkup(<SlackPanelView {...props} />);
}

describe('the Slack pairing panel', () => {
  it('asks for both tokens in password fields, and says how to pair from the CLI too', () => {
    const html = draw({});
    expect(html).toMatch(/<input id="slack-bot-token"[^>]* type="password" autoComplete="off"/);
    expect(html).toMatch(/<input id="slack-app-token"[^>]* type="password" autoComplete="off"/);
    expect(html).toContain('trailboss slack pair --bot-token-file FILE --app-token-file FILE');
    expect(draw({ flow: { step: 'checking' } })).toContain('Checking…');
  });

  it('shows the code to DM to the bot while waiting, and the name and id to confirm once it arrived', () => {
    const waiting = draw({ flow: { step: 'waiting', pairing: PAIRING } });
    expect(waiting).toContain('send @trailboss a direct message with this code');
    expect(waiting).toContain(PAIRING.code);
    const found = draw({ flow: { step: 'found', pairing: PAIRING, name: 'Ada <b>Lovelace</b>', userId: 'U0ADA', confirming: false } });
    // Slack's name is text, never markup.
    expect(found).toContain('Pair with Ada &lt;b&gt;Lovelace&lt;/b&gt; (U0ADA)?');
    expect(found).toMatch(/<button type="button" class="primary">Confirm<\/button>/);
  });

  it('once paired: the user, the connection, a test message and unpair asked twice', () => {
    const html = draw({ slack: PAIRED });
    expect(html).toContain('Paired with Ada Lovelace (U0ADA) through @trailboss; connected.');
    expect(html).toContain('Send a test message');
    expect(html).not.toContain('slack-bot-token');
    expect(draw({ slack: PAIRED, unpairAsked: true })).toContain('both tokens are removed from this computer');
    expect(draw({ slack: PAIRED, problem: 'Slack refused the token: invalid_auth' })).toMatch(/role="alert">Slack refused/);
  });
});
