/**
 * The pieces both chat pairing panels (Telegram, Slack) draw alike, as pure functions of their props:
 * the section with its status line and problem, the confirmation of who answered the code, and the
 * unpair asked twice. Text from the chat (names, ids) is drawn as text, never as markup.
 */
import type { ReactNode } from 'react';
import { Field } from './field.tsx';

/** The section: legend, the pairing in one line, the problem (if any), then the step's body. */
export function PairingSection(p: { testId: string; legend: string; status: string; problem: string | null; children: ReactNode }) {
  return (
    <fieldset className="section" data-testid={p.testId}>
      <legend>{p.legend}</legend>
      <p role="status">{p.status}</p>
      {p.problem !== null ? (
        <p className="problem" role="alert">
          {p.problem}
        </p>
      ) : null}
      {p.children}
    </fieldset>
  );
}

/** Who answered the code, to confirm before anything is paired. */
export function ConfirmWho(p: { who: string; hint: string; confirming: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="pairing">
      <p>
        <strong>Pair with {p.who}?</strong>
      </p>
      <p className="hint">{p.hint}</p>
      <div className="row-actions">
        <button type="button" className="primary" disabled={p.confirming} onClick={p.onConfirm}>
          {p.confirming ? 'Pairing…' : 'Confirm'}
        </button>
        <button type="button" disabled={p.confirming} onClick={p.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Unpair, asked twice: the button (beside `extra`), then the question with what it does. */
export function UnpairAsk(p: {
  asked: boolean;
  question: string;
  extra?: ReactNode;
  onAsk: (asked: boolean) => void;
  onUnpair: () => void;
}) {
  if (!p.asked)
    return (
      <div className="row-actions">
        {p.extra}
        <button type="button" onClick={() => p.onAsk(true)}>
          Unpair
        </button>
      </div>
    );
  return (
    <div className="pairing">
      <p>{p.question}</p>
      <div className="row-actions">
        <button type="button" className="confirm" onClick={p.onUnpair}>
          Yes, unpair
        </button>
        <button type="button" onClick={() => p.onAsk(false)}>
          Keep
        </button>
      </div>
    </div>
  );
}

/** A text field for a token (`secret`: a password field the browser never fills or checks) or an API base. */
export function PairingField(p: {
  id: string;
  label: string;
  hint?: string;
  secret?: boolean;
  placeholder?: string;
  value: string;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <Field id={p.id} label={p.label} {...(p.hint !== undefined ? { hint: p.hint } : {})} issues={[]}>
      {(a11y) =>
        p.secret ? (
          <input
            {...a11y}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={p.value}
            disabled={p.disabled}
            onChange={(e) => p.onChange(e.target.value)}
          />
        ) : (
          <input
            {...a11y}
            type="text"
            placeholder={p.placeholder}
            spellCheck={false}
            value={p.value}
            disabled={p.disabled}
            onChange={(e) => p.onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}
