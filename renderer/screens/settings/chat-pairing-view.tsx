/**
 * The pairing section both chat panels (Telegram, Slack) draw, as a pure function of its props: the
 * token form, the code waiting to be answered, who answered it, and unpair (asked twice) once paired.
 * Each chat gives only what differs: its fields and words, how its code reaches the bot, the user's
 * name and id. Text from the chat is drawn as text, never as markup.
 */
import { useState, type ReactNode } from 'react';
import type { PairingFlow } from '../../../client/store/chat-pairing.ts';
import { ConfirmWho, PairingField, PairingSection, UnpairAsk } from './pairing-parts.tsx';

/** One of the token form's fields; all are disabled while the tokens are checked. */
export type PairingFieldSpec = Omit<Parameters<typeof PairingField>[0], 'disabled'>;

/** What every chat panel's props hold alike: where the flow stands and what its buttons do. */
export interface ChatPanelBase<P, Id> {
  readonly flow: PairingFlow<P, Id>;
  readonly problem: string | null;
  readonly unpairAsked: boolean;
  readonly onCheck: () => void;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly onAskUnpair: (asked: boolean) => void;
  readonly onUnpair: () => void;
}

/** What a chat's panel gives the shared section, beside its `ChatPanelBase`. */
export interface ChatPairingViewProps<P extends { readonly expiresAt: number }, Id> extends ChatPanelBase<P, Id> {
  readonly testId: string;
  readonly legend: string;
  /** The pairing in one line. */
  readonly status: string;
  /** A passing word (a test message sent); null: none. */
  readonly note?: string | null;
  readonly paired: boolean;
  readonly form: {
    readonly intro: ReactNode;
    readonly fields: readonly PairingFieldSpec[];
    readonly checkLabel: string;
    /** Whether Check may be pressed (beside not checking already). */
    readonly canCheck: boolean;
  };
  /** How the started pairing's code reaches the bot (drawn above the wait). */
  readonly waiting: (pairing: P) => ReactNode;
  /** What is waited for, e.g. "Waiting for Start". */
  readonly waitingFor: string;
  /** Who answered the code, as the desk asks to confirm it. */
  readonly who: (name: string, userId: Id) => string;
  readonly whoHint: string;
  /** What unpairing does, asked before it is done; `extra` stands beside the Unpair button. */
  readonly unpairQuestion: string;
  readonly unpairExtra?: ReactNode;
}

/** Unpair asked twice, as a wired panel keeps it: the question shown or not, and `unpair` once answered yes. */
export function useUnpairAsk(unpair: () => void): Pick<ChatPanelBase<unknown, unknown>, 'unpairAsked' | 'onAskUnpair' | 'onUnpair'> {
  const [unpairAsked, setUnpairAsked] = useState(false);
  return {
    unpairAsked,
    onAskUnpair: setUnpairAsked,
    onUnpair: () => {
      setUnpairAsked(false);
      unpair();
    },
  };
}

/** The chat's pairing section. */
export function ChatPairingView<P extends { readonly expiresAt: number }, Id>(p: ChatPairingViewProps<P, Id>) {
  return (
    <PairingSection testId={p.testId} legend={p.legend} status={p.status} problem={p.problem}>
      {p.note != null ? <p role="status">{p.note}</p> : null}
      {body(p)}
    </PairingSection>
  );
}

function body<P extends { readonly expiresAt: number }, Id>(p: ChatPairingViewProps<P, Id>) {
  const { flow } = p;
  switch (flow.step) {
    case 'idle':
    case 'checking':
      return p.paired ? (
        <UnpairAsk asked={p.unpairAsked} question={p.unpairQuestion} extra={p.unpairExtra} onAsk={p.onAskUnpair} onUnpair={p.onUnpair} />
      ) : (
        tokenForm(p.form, flow.step === 'checking', p.onCheck)
      );
    case 'waiting':
      return (
        <div className="pairing">
          {p.waiting(flow.pairing)}
          <p className="hint" role="status">
            {p.waitingFor}… the code works until {new Date(flow.pairing.expiresAt).toLocaleTimeString()}.
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
          who={p.who(flow.name, flow.userId)}
          hint={p.whoHint}
          confirming={flow.confirming}
          onConfirm={p.onConfirm}
          onCancel={p.onCancel}
        />
      );
  }
}

function tokenForm(form: ChatPairingViewProps<{ expiresAt: number }, unknown>['form'], checking: boolean, onCheck: () => void) {
  return (
    <div className="pairing">
      <p className="hint">{form.intro}</p>
      {form.fields.map((f) => (
        <PairingField key={f.id} {...f} disabled={checking} />
      ))}
      <div className="row-actions">
        <button type="button" className="primary" disabled={checking || !form.canCheck} onClick={onCheck}>
          {checking ? 'Checking…' : form.checkLabel}
        </button>
      </div>
    </div>
  );
}
