/**
 * Telegram pairing in the settings view: paste the token BotFather gave, check it, scan the QR code
 * (or open the link) on the phone and tap Start, confirm the name and id the desk shows; and unpair
 * (asked twice). The drawing is `PhonePanelView`, a pure function of its props; the flow lives in the
 * client core.
 */
import { useState } from 'react';
import type { PhonePairingDto, PhoneStatusDto } from '../../../preload/contract/index.ts';
import { useController, useSettings } from '../../../client/react/context.tsx';
import { ChatPairingView, type ChatPanelBase, useUnpairAsk } from './chat-pairing-view.tsx';
import { svgDataUrl } from './svg-image.ts';

/** What the panel draws and what its buttons do. */
export interface PhonePanelProps extends ChatPanelBase<PhonePairingDto, number> {
  readonly phone: PhoneStatusDto | null;
  readonly token: string;
  readonly apiBase: string;
  readonly onToken: (text: string) => void;
  readonly onApiBase: (text: string) => void;
}

/** The pairing section, wired to the client core. */
export function PhonePanel() {
  const controller = useController();
  const phone = useSettings((s) => s.current?.phone ?? null);
  const flow = useSettings((s) => s.pairing);
  const problem = useSettings((s) => s.pairingProblem);
  const [token, setToken] = useState('');
  const [apiBase, setApiBase] = useState('');
  const unpair = useUnpairAsk(() => void controller.unpairPhone());
  return (
    <PhonePanelView
      {...{ phone, flow, problem, token, apiBase, ...unpair }}
      onToken={setToken}
      onApiBase={setApiBase}
      onCheck={() => {
        void controller.startPairing(token, apiBase);
        setToken(''); // kept by the engine until the pairing ends; not in this page
      }}
      onConfirm={() => void controller.confirmPairing()}
      onCancel={() => void controller.cancelPairing()}
    />
  );
}

/** The pairing section as a pure function of its props. */
export function PhonePanelView(p: PhonePanelProps) {
  return (
    <ChatPairingView
      // The flow and the buttons' actions (`ChatPanelBase`) pass straight through; the view reads nothing else of `p`.
      {...p}
      testId="phone-pairing"
      legend="Telegram pairing"
      status={statusLine(p.phone)}
      paired={p.phone?.paired === true}
      form={{
        intro:
          'In Telegram, ask @BotFather for a new bot (/newbot) and paste the token it gives you. It is checked with Telegram and, once you ' +
          'confirm the pairing, kept in an owner-only file on this computer.',
        fields: [
          { id: 'phone-token', label: 'Bot token', secret: true, value: p.token, onChange: p.onToken },
          {
            id: 'phone-api-base',
            label: 'Bot API server (optional)',
            hint: 'Only for a self-hosted Bot API server; empty keeps the configured one.',
            placeholder: 'https://api.telegram.org',
            value: p.apiBase,
            onChange: p.onApiBase,
          },
        ],
        checkLabel: 'Check token',
        canCheck: p.token.trim() !== '',
      }}
      waiting={(pairing) => (
        <>
          <p>
            Bot @{pairing.bot} is ready. On your phone, scan the code (or open the link) and tap <strong>Start</strong>:
          </p>
          <img className="qr" src={svgDataUrl(pairing.qrSvg)} alt={`QR code for ${pairing.link}`} width={200} height={200} />
          <p>
            <code className="selectable">{pairing.link}</code>
          </p>
        </>
      )}
      waitingFor="Waiting for Start"
      who={(name, userId) => `${name} (id ${userId})`}
      whoHint="Telegram says this account tapped Start. Confirm only if it is yours."
      unpairQuestion={`Unpair ${p.phone?.name ?? 'this chat'}? Nothing more is sent to Telegram and the bot token is removed from this computer.`}
    />
  );
}

/** The pairing in one line. */
function statusLine(phone: PhoneStatusDto | null): string {
  if (phone === null || !phone.paired) return 'Not paired. Pair here, or with: trailboss phone pair --bot-token-file FILE';
  const last = phone.lastPollAt === null ? 'no successful poll yet' : `last poll ${new Date(phone.lastPollAt).toLocaleTimeString()}`;
  const problem = phone.problem === null ? '' : ` — problem: ${phone.problem}`;
  return `Paired with ${phone.name ?? 'a chat'} through @${phone.bot ?? '?'}; ${last}${problem}.`;
}
