import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import type { PhonePairingDto, PhoneStatusDto } from '../../../../preload/contract/index.ts';
import type { PairingFlow } from '../../../../client/store/chat-pairing.ts';
import type { PhonePanelProps } from '../../../../renderer/screens/settings/phone-panel.tsx';
import { PhonePanelView } from '../../../../renderer/screens/settings/phone-panel.tsx';

const LINK = 'https://t.me/trailboss_test_bot?start=AbCdEfGhIjKlMnOp';
const PAIRED: PhoneStatusDto = { paired: true, name: 'Ada (@ada)', bot: 'trailboss_test_bot', lastPollAt: null, problem: null };
const NOT_PAIRED: PhoneStatusDto = { paired: false, name: null, bot: null, lastPollAt: null, problem: null };
const noop = () => {};

function draw(over: Partial<PhonePanelProps>): string {
  const props: PhonePanelProps = {
    phone: NOT_PAIRED,
    flow: { step: 'idle' },
    problem: null,
    token: '',
    apiBase: '',
    unpairAsked: false,
    onToken: noop,
    onApiBase: noop,
    onCheck: noop,
    onConfirm: noop,
    onCancel: noop,
    onAskUnpair: noop,
    onUnpair: noop,
    ...over,
  };
  return renderToStaticMarkup(<PhonePanelView {...props} />);
}

async function pairing(qrSvg?: string): Promise<PhonePairingDto> {
  return {
    pairingId: 'p1',
    bot: 'trailboss_test_bot',
    link: LINK,
    qrSvg: qrSvg ?? (await QRCode.toString(LINK, { type: 'svg' })),
    expiresAt: 0,
  };
}

const imgSrc = (html: string) => /<img[^>]* src="([^"]+)"/.exec(html)?.[1] ?? '';

describe('the Telegram pairing panel', () => {
  it('asks for the token in a password field; Check waits for a token', () => {
    const empty = draw({});
    expect(empty).toMatch(/<input id="phone-token" type="password" autoComplete="off"/);
    expect(empty).toMatch(/<button type="button" class="primary" disabled="">Check token<\/button>/);
    expect(draw({ token: '1:x' })).toMatch(/<button type="button" class="primary">Check token<\/button>/);
    expect(draw({ flow: { step: 'checking' }, token: '1:x' })).toContain('Checking…');
  });

  it('shows the QR code from the engine as an image, and the link as text', async () => {
    const p = await pairing();
    const html = draw({ flow: { step: 'waiting', pairing: p } });
    const src = imgSrc(html);
    expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(src.split(',')[1]!, 'base64').toString('utf8')).toBe(p.qrSvg);
    expect(html).toContain(`<code class="selectable">${LINK.replace(/&/g, '&amp;')}</code>`);
    expect(html).toContain('Waiting for Start');
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toContain('id="phone-token"');
  });

  it('never puts the engine’s SVG text into the page as markup', async () => {
    const hostile = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const html = draw({ flow: { step: 'waiting', pairing: await pairing(hostile) } });
    expect(html).not.toMatch(/<svg|<script|onload/);
    expect(Buffer.from(imgSrc(html).split(',')[1]!, 'base64').toString('utf8')).toBe(hostile);
  });

  it('asks the desk to confirm the name and id Telegram gave', async () => {
    const flow: PairingFlow = { step: 'found', pairing: await pairing(), name: 'Ada <b>(@ada)</b>', userId: 4242, confirming: false };
    const html = draw({ flow });
    expect(html).toContain('Pair with Ada &lt;b&gt;(@ada)&lt;/b&gt; (id 4242)?');
    expect(html).toMatch(/<button type="button" class="primary">Confirm<\/button><button type="button">Cancel<\/button>/);
    expect(draw({ flow: { ...flow, confirming: true } })).toContain('disabled="">Pairing…</button>');
  });

  it('when paired: the status and an Unpair that asks first', () => {
    const paired = draw({ phone: PAIRED });
    expect(paired).toContain('Paired with Ada (@ada) through @trailboss_test_bot; no successful poll yet.');
    expect(paired).toContain('>Unpair</button>');
    expect(paired).not.toContain('id="phone-token"');
    const asked = draw({ phone: PAIRED, unpairAsked: true });
    expect(asked).toContain('Unpair Ada (@ada)? Nothing more is sent to Telegram');
    expect(asked).toContain('>Yes, unpair</button><button type="button">Keep</button>');
  });

  it('shows a problem as an alert', () => {
    expect(draw({ problem: 'Telegram refused this bot token' })).toContain(
      '<p class="problem" role="alert">Telegram refused this bot token</p>',
    );
  });
});
