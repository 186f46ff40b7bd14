/**
 * Pairing Slack from the settings view, as `trailboss slack pair`: give the app's two tokens (pasted,
 * or the ones already saved on the engine's computer), the engine checks them (auth.test, the Socket
 * Mode connection) and shows a code to DM to the bot; look every second until the DM arrives, then
 * confirm the user's name and id or cancel; and the status, a test message, unpair. The flow is
 * `pairing-steps.ts`, shared with Telegram. Tokens go to the engine once and are kept nowhere here.
 */
import type { ControllerDeps } from './deps.ts';
import { engineCalls, pairingSteps } from './pairing-steps.ts';

export interface SlackActionsApi {
  /** Load the Slack pairing's status. */
  loadSlack(): Promise<void>;
  /** Check the tokens (empty: the saved one) and start a pairing; `apiBase` empty = the configured Web API base. */
  startSlackPairing(botToken: string, appToken: string, apiBase: string): Promise<void>;
  /** Pair the user who sent the code. */
  confirmSlackPairing(): Promise<void>;
  cancelSlackPairing(): Promise<void>;
  /** Send a test message to the paired DM. */
  testSlack(): Promise<void>;
  /** Forget the paired user and both tokens. */
  unpairSlack(): Promise<void>;
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** Creates the Slack actions; `pollMs` is how often a waiting pairing is looked at. */
export function slackActions({ bridge, stores }: ControllerDeps, pollMs = 1000): SlackActionsApi {
  const settings = () => stores.settings.getState();
  const steps = pairingSteps(
    {
      flow: () => settings().slackPairing,
      changed: (flow, problem) => settings().slackPairingChanged(flow, problem),
      statusChanged: (slack) => settings().slackStatusChanged(slack),
      ...engineCalls(bridge.api, 'slack'),
    },
    pollMs,
  );
  return {
    async loadSlack() {
      const r = await bridge.api['slack:status']({});
      if (r.ok) settings().slackStatusChanged(r.value);
      else steps.failed(r.error);
    },
    startSlackPairing: (botToken, appToken, apiBase) =>
      steps.start(() => bridge.api['slack:pair']({ botToken: orNull(botToken), appToken: orNull(appToken), apiBase: orNull(apiBase) })),
    confirmSlackPairing: () => steps.confirm(),
    cancelSlackPairing: () => steps.cancel(),
    async testSlack() {
      const r = await bridge.api['slack:test']({});
      if (!r.ok) return steps.failed(r.error);
      settings().slackStatusChanged(r.value);
      settings().slackNoted('Test message sent: look at the DM with the bot.');
    },
    unpairSlack: () => steps.unpair(),
  };
}
