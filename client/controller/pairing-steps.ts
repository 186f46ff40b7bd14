/**
 * The settings view's pairing flow, the same for Telegram and Slack: start (the engine checks the
 * tokens), look at the pairing every `pollMs` until someone answers the code, then confirm or cancel;
 * and unpair. Each chat gives its own calls and where its flow and status live in the store. Tokens go
 * to the engine once and are kept nowhere here.
 */
import type {
  ApiError,
  ApiMethods,
  Envelope,
  PhonePairingDto,
  PhoneStatusDto,
  SlackPairingDto,
  SlackStatusDto,
} from '../../preload/contract/index.ts';
import type { PairingFlow, PairingState } from '../store/chat-pairing.ts';
import { IDLE, afterStatus, pairingProblem } from '../store/chat-pairing.ts';

// Timers exist in the browser and in Node alike, but neither lib is in the client's zone.
const timers = globalThis as unknown as { setTimeout(fn: () => void, ms: number): unknown };

/** One chat's calls and store places. */
export interface PairingPorts<P extends { readonly pairingId: string }, Id, S> {
  flow(): PairingFlow<P, Id>;
  changed(flow: PairingFlow<P, Id>, problem: string | null): void;
  /** The engine answered with the pairing status (paired, unpaired). */
  statusChanged(status: S): void;
  pairing(pairingId: string): Promise<Envelope<PairingState<Id>>>;
  confirm(pairingId: string): Promise<Envelope<S>>;
  cancel(pairingId: string): Promise<Envelope<S>>;
  unpair(): Promise<Envelope<S>>;
}

/** The engine calls of one chat's ports. */
type EngineCalls<P extends { readonly pairingId: string }, Id, S> = Pick<
  PairingPorts<P, Id, S>,
  'pairing' | 'confirm' | 'cancel' | 'unpair'
>;

/** The chat's engine calls over its channels (`phone:pairing`, `slack:pairing`, …). */
export function engineCalls(api: ApiMethods, chat: 'phone'): EngineCalls<PhonePairingDto, number, PhoneStatusDto>;
export function engineCalls(api: ApiMethods, chat: 'slack'): EngineCalls<SlackPairingDto, string, SlackStatusDto>;
export function engineCalls(
  api: ApiMethods,
  chat: 'phone' | 'slack',
): EngineCalls<PhonePairingDto, number, PhoneStatusDto> | EngineCalls<SlackPairingDto, string, SlackStatusDto> {
  // Over the union of channels TS sees a union of answers; the overloads name which chat answers which (ApiSpec).
  return {
    pairing: (pairingId: string) => api[`${chat}:pairing`]({ pairingId }),
    confirm: (pairingId: string) => api[`${chat}:confirm`]({ pairingId }),
    cancel: (pairingId: string) => api[`${chat}:cancel`]({ pairingId }),
    unpair: () => api[`${chat}:unpair`]({}),
  } as EngineCalls<PhonePairingDto, number, PhoneStatusDto> | EngineCalls<SlackPairingDto, string, SlackStatusDto>;
}

/** The flow's steps over `ports`. */
export function pairingSteps<P extends { readonly pairingId: string }, Id, S>(ports: PairingPorts<P, Id, S>, pollMs: number) {
  const look = async (pairingId: string): Promise<void> => {
    const now = ports.flow();
    if (now.step !== 'waiting' || now.pairing.pairingId !== pairingId) return;
    const r = await ports.pairing(pairingId);
    const after = ports.flow();
    if (after.step !== 'waiting' || after.pairing.pairingId !== pairingId) return;
    if (r.ok) {
      const next = afterStatus(after, r.value);
      ports.changed(next.flow, next.problem);
    } else if (r.error.code === 'not-found') {
      ports.changed(IDLE, pairingProblem(r.error));
    }
    // Anything else (the engine restarting, the connection down) is looked at again.
    if (ports.flow().step === 'waiting') timers.setTimeout(() => void look(pairingId), pollMs);
  };
  const failed = (error: ApiError) => ports.changed(ports.flow(), pairingProblem(error));
  return {
    /** Start with `call` (the engine checks the tokens), then look until the code is answered. */
    async start(call: () => Promise<Envelope<P>>): Promise<void> {
      if (ports.flow().step === 'checking') return;
      ports.changed({ step: 'checking' }, null);
      const r = await call();
      if (!r.ok) return ports.changed(IDLE, pairingProblem(r.error));
      ports.changed({ step: 'waiting', pairing: r.value }, null);
      timers.setTimeout(() => void look(r.value.pairingId), pollMs);
    },
    async confirm(): Promise<void> {
      const now = ports.flow();
      if (now.step !== 'found' || now.confirming) return;
      ports.changed({ ...now, confirming: true }, null);
      const r = await ports.confirm(now.pairing.pairingId);
      if (r.ok) {
        ports.statusChanged(r.value);
        ports.changed(IDLE, null);
      } else if (r.error.code === 'gone' || r.error.code === 'not-found') {
        ports.changed(IDLE, pairingProblem(r.error));
      } else {
        ports.changed({ ...now, confirming: false }, pairingProblem(r.error));
      }
    },
    async cancel(): Promise<void> {
      const now = ports.flow();
      if (now.step !== 'waiting' && now.step !== 'found') return;
      ports.changed(IDLE, null);
      const r = await ports.cancel(now.pairing.pairingId);
      if (r.ok) ports.statusChanged(r.value);
    },
    async unpair(): Promise<void> {
      const r = await ports.unpair();
      if (r.ok) {
        ports.statusChanged(r.value);
        ports.changed(IDLE, null);
      } else failed(r.error);
    },
    failed,
  };
}
