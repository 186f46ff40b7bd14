/**
 * Pairing the phone from the settings view: check the pasted token (the engine asks Telegram), show
 * the link and QR code, look at the pairing every second until someone taps Start, then confirm or
 * cancel; and unpair (the flow is `pairing-steps.ts`, shared with Slack). The token goes to the engine
 * once and is kept nowhere here.
 */
import type { ControllerDeps } from './deps.ts';
import { engineCalls, pairingSteps } from './pairing-steps.ts';

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
  const steps = pairingSteps(
    {
      flow: () => settings().pairing,
      changed: (flow, problem) => settings().pairingChanged(flow, problem),
      statusChanged: (phone) => settings().phoneStatusChanged(phone),
      ...engineCalls(bridge.api, 'phone'),
    },
    pollMs,
  );
  return {
    startPairing: (token, apiBase) =>
      steps.start(() =>
        bridge.api['phone:pair']({ token: token.trim(), apiBase: apiBase === null || apiBase.trim() === '' ? null : apiBase.trim() }),
      ),
    confirmPairing: () => steps.confirm(),
    cancelPairing: () => steps.cancel(),
    unpairPhone: () => steps.unpair(),
  };
}
