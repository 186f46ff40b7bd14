/** Where pairing the phone from the settings view stands, as the client core keeps it (pure). */
import type { ApiError, PhonePairingDto, PhonePairingStateDto } from '../../preload/contract/index.ts';

/** One step of the pairing flow. */
export type PairingFlow =
  | { readonly step: 'idle' }
  /** The engine asks Telegram whether the token is good (getMe). */
  | { readonly step: 'checking' }
  /** The link and QR code are shown; nobody tapped Start yet. */
  | { readonly step: 'waiting'; readonly pairing: PhonePairingDto }
  /** Someone tapped Start: the desk confirms who it is. `confirming` while the engine saves it. */
  | {
      readonly step: 'found';
      readonly pairing: PhonePairingDto;
      readonly name: string;
      readonly userId: number;
      readonly confirming: boolean;
    };

/** No pairing under way. */
export const IDLE: PairingFlow = { step: 'idle' };

/** What the flow does with a status answer: the next flow and the problem to show (null: none). */
export function afterStatus(flow: PairingFlow, state: PhonePairingStateDto): { flow: PairingFlow; problem: string | null } {
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
