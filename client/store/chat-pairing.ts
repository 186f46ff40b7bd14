/**
 * Where pairing a chat from the settings view stands, as the client core keeps it (pure). Telegram's
 * and Slack's flows are the same steps over their own DTOs (`P`: what a started pairing shows; `Id`:
 * the user's id, a number on Telegram, `U…` on Slack).
 */
import type { ApiError, ChatPairingStateDto, PhonePairingDto } from '../../preload/contract/index.ts';

/** One step of the pairing flow. */
export type PairingFlow<P = PhonePairingDto, Id = number> =
  | { readonly step: 'idle' }
  /** The engine asks the chat whether the token(s) are good (Telegram's getMe, Slack's auth.test). */
  | { readonly step: 'checking' }
  /** The code is shown (Telegram: a link and QR code; Slack: the code to DM); nobody answered it yet. */
  | { readonly step: 'waiting'; readonly pairing: P }
  /** Someone answered the code: the desk confirms who it is. `confirming` while the engine saves it. */
  | {
      readonly step: 'found';
      readonly pairing: P;
      readonly name: string;
      readonly userId: Id;
      readonly confirming: boolean;
    };

/** No pairing under way. */
export const IDLE: { readonly step: 'idle' } = { step: 'idle' };

/** Where a started pairing stands, as the engine answers it (`PhonePairingStateDto`, `SlackPairingStateDto`). */
export type PairingState<Id = number> = ChatPairingStateDto<Id>;

/** What the flow does with a status answer: the next flow and the problem to show (null: none). */
export function afterStatus<P, Id>(
  flow: PairingFlow<P, Id>,
  state: PairingState<Id>,
): { flow: PairingFlow<P, Id>; problem: string | null } {
  if (flow.step !== 'waiting') return { flow, problem: null };
  switch (state.state) {
    case 'waiting':
      return { flow, problem: null };
    case 'found':
      return { flow: { step: 'found', pairing: flow.pairing, name: state.name, userId: state.userId, confirming: false }, problem: null };
    case 'expired':
      return { flow: IDLE, problem: EXPIRED };
    case 'failed':
      return { flow: IDLE, problem: `Pairing stopped: ${state.message}` };
  }
}

/** The code's ten minutes ran out. */
export const EXPIRED = 'The pairing code expired (10 minutes) before it was used; check the token again for a new code.';

/** A failed call as the sentence to show. */
export function pairingProblem(error: ApiError): string {
  switch (error.code) {
    case 'gone':
      return EXPIRED;
    case 'not-found':
      return 'This pairing is over (cancelled, or started again elsewhere); check the token again.';
    default:
      return error.message;
  }
}
