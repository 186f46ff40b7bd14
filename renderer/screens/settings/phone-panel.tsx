/**
 * Telegram pairing in the settings view: paste the token BotFather gave, check it, scan the QR code
 * (or open the link) on the phone and tap Start, confirm the name and id the desk shows; and unpair
 * (asked twice). The drawing is `PhonePanelView`, a pure function of its props; the flow lives in the
 * client core.
 */
import { useState } from 'react';
import type { PhoneStatusDto } from '../../../preload/contract/index.ts';
import { useController, useSettings } from '../../../client/react/context.tsx';
import type { PairingFlow } from '../../../client/store/chat-pairing.ts';
import { ConfirmWho, PairingField, PairingSection, UnpairAsk } from './pairing-parts.tsx';
import { svgDataUrl } from './svg-image.ts';

/** What the panel draws and what its buttons do. */
export interface PhonePanelProps {
  readonly phone: PhoneStatusDto | null;
  readonly flow: PairingFlow;
  readonly problem: string | null;
  readonly token: string;
  readonly apiBase: string;
  readonly unpairAsked: boolean;
  readonly onToken: (text: string) => void;
  readonly onApiBase: (text: string) => void;
  readonly onCheck: () => void;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly onAskUnpair: (asked: boolean) => void;
  readonly onUnpair: () => void;
}

/** The pairing section, wired to the client core. */
export function PhonePanel() {
  const controller = useController();
  const phone = useSettings((s) => s.current?.phone ?? null);
  const flow = useSettings((s) => s.pairing);
  const problem = useSettings((s) => s.pairingProblem);
  const [token, setToken] = useState('');
  const [apiBase, setApiBase] = useState('');
  const [unpairAsked, setUnpairAsked] = useState(false);
  return (
    <PhonePanelView
      {...{ phone, flow, problem, token, apiBase, unpairAsked }}
      onToken={setToken}
      onApiBase={setApiBase}
      onCheck={() => {
        void controller.startPairing(token, apiBase);
        setToken(''); // kept by the engine until the pairing ends; not in this page
      }}
      onConfirm={() => void controller.confirmPairing()}
      onCancel={() => void controller.cancelPairing()}
      onAskUnpair={setUnpairAsked}
      onUnpair={() => {
        setUnpairAsked(false);
        void controller.unpairPhone();
      }}
    />
  );
}

/** The pairing section as a pure function of its props. */
export function PhonePanelView(p: PhonePanelProps) {
  return (
    <PairingSection testId="phone-pairing" legend="Telegram pairing" status={statusLine(p.phone)} problem={p.problem}>
      {body(p)}
    </PairingSection>
  );
}

function body(p: PhonePanelProps) {
  const { flow } = p;
  switch (flow.step) {
    case 'idle':
    case 'checking':
      return p.phone?.paired ? unpairPart(p) : tokenForm(p, flow.step === 'checking');
    case 'waiting':
      return (
        <div className="pairing">
          <p>
            Bot @{flow.pairing.bot} is ready. On your phone, scan the code (or open the link) and tap <strong>Start</strong>:
          </p>
          <img className="qr" src={svgDataUrl(flow.pairing.qrSvg)} alt={`QR code for ${flow.pairing.link}`} width={200} height={200} />
          <p>
            <code className="selectable">{flow.pairing.link}</code>
          </p>
          <p className="hint" role="status">
            Waiting for Start… the code works until {new Date(flow.pairing.expiresAt).toLocaleTimeString()}.
          </p>
          <div className="row-actions">
            <button type="button" onClick={p.onCancel}>
              Cancel
            </button>
          </div>
        </div>
      );
    case 'found':
      return (
        <ConfirmWho
          who={`${flow.name} (id ${flow.userId})`}
          hint="Telegram says this account tapped Start. Confirm only if it is yours."
          confirming={flow.confirming}
          onConfirm={p.onConfirm}
          onCancel={p.onCancel}
        />
      );
  }
}

function tokenForm(p: PhonePanelProps, checking: boolean) {
  return (
    <div className="pairing">
      <p className="hint">
        In Telegram, ask @BotFather for a new bot (/newbot) and paste the token it gives you. It is checked with Telegram and, once you
        confirm the pairing, kept in an owner-only file on this computer.
      </p>
      <PairingField id="phone-token" label="Bot token" secret value={p.token} disabled={checking} onChange={p.onToken} />
      <PairingField
        id="phone-api-base"
        label="Bot API server (optional)"
        hint="Only for a self-hosted Bot API server; empty keeps the configured one."
        placeholder="https://api.telegram.org"
        value={p.apiBase}
        disabled={checking}
        onChange={p.onApiBase}
      />
      <div className="row-actions">
        <button type="button" className="primary" disabled={checking || p.token.trim() === ''} onClick={p.onCheck}>
          {checking ? 'Checking…' : 'Check token'}
        </button>
      </div>
    </div>
  );
}

function unpairPart(p: PhonePanelProps) {
  return (
    <UnpairAsk
      asked={p.unpairAsked}
      question={`Unpair ${p.phone?.name ?? 'this chat'}? Nothing more is sent to Telegram and the bot token is removed from this computer.`}
      onAsk={p.onAskUnpair}
      onUnpair={p.onUnpair}
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
