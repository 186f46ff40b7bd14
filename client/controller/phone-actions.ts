/**
 * Pairing the phone from the settings view: check the pasted token (the engine asks Telegram), show
 * the link and QR code, look at the pairing every second until someone taps Start, then confirm or
 * cancel; and unpair. The token goes to the engine once and is kept nowhere here.
 */
import { IDLE, afterStatus, pairingProblem } from '../store/phone-pairing.ts';
import type { ControllerDeps } from './deps.ts';

// Timers exist in the browser and in Node alike, but neither lib is in the client's zone.
const timers = globalThis as unknown as { setTimeout(fn: () => void, ms: number): unknown };

export interface PhoneActionsApi {
  /** Check `token` and start a pairing; `apiBase` null = the configured Bot API server. */
  startPairing(token: string, apiBase: string | null): Promise<void>;
  /** Pair the chat that tapped Start. */
  confirmPairing(): Promise<void>;
  /** Give up the pairing under way. */
  cancelPairing(): Promise<void>;
  /** Forget the paired chat and the bot token. */
  unpairPhone(): Promise<void>;
}

/** Creates the phone actions; `pollMs` is how often a waiting pairing is looked at. */
export function phoneActions({ bridge, stores }: ControllerDeps, pollMs = 1000): PhoneActionsApi {
  const settings = () => stores.settings.getState();
  const flow = () => settings().pairing;

  const look = async (pairingId: string): Promise<void> => {
    const now = flow();
    if (now.step !== 'waiting' || now.pairing.pairingId !== pairingId) return;
    const r = await bridge.api['phone:pairing']({ pairingId });
    const after = flow();
    if (after.step !== 'waiting' || after.pairing.pairingId !== pairingId) return;
    if (r.ok) {
      const next = afterStatus(after, r.value);
      settings().pairingChanged(next.flow, next.problem);
    } else if (r.error.code === 'not-found') {
      settings().pairingChanged(IDLE, pairingProblem(r.error));
    }
    // Anything else (the engine restarting, the connection down) is looked at again.
    if (flow().step === 'waiting') timers.setTimeout(() => void look(pairingId), pollMs);
  };

  return {
    async startPairing(token, apiBase) {
      if (flow().step === 'checking') return;
      settings().pairingChanged({ step: 'checking' }, null);
      const r = await bridge.api['phone:pair']({
        token: token.trim(),
        apiBase: apiBase === null || apiBase.trim() === '' ? null : apiBase.trim(),
      });
      if (!r.ok) return settings().pairingChanged(IDLE, pairingProblem(r.error));
      settings().pairingChanged({ step: 'waiting', pairing: r.value }, null);
      timers.setTimeout(() => void look(r.value.pairingId), pollMs);
    },
    async confirmPairing() {
      const now = flow();
      if (now.step !== 'found' || now.confirming) return;
      settings().pairingChanged({ ...now, confirming: true }, null);
      const r = await bridge.api['phone:confirm']({ pairingId: now.pairing.pairingId });
      if (r.ok) {
        settings().phoneStatusChanged(r.value);
        settings().pairingChanged(IDLE, null);
      } else if (r.error.code === 'gone' || r.error.code === 'not-found') {
        settings().pairingChanged(IDLE, pairingProblem(r.error));
      } else {
        settings().pairingChanged({ ...now, confirming: false }, pairingProblem(r.error));
      }
    },
    async cancelPairing() {
      const now = flow();
      if (now.step !== 'waiting' && now.step !== 'found') return;
      settings().pairingChanged(IDLE, null);
      const r = await bridge.api['phone:cancel']({ pairingId: now.pairing.pairingId });
      if (r.ok) settings().phoneStatusChanged(r.value);
    },
    async unpairPhone() {
      const r = await bridge.api['phone:unpair']({});
      if (r.ok) {
        settings().phoneStatusChanged(r.value);
        settings().pairingChanged(IDLE, null);
      } else settings().pairingChanged(flow(), pairingProblem(r.error));
    },
  };
}
