/** Pairing Slack from the settings view: what the engine shows the user. Never a token. */

/** The Slack pairing as the settings view shows it (paired there or with `trailboss slack pair`). */
export interface SlackStatusDto {
  /** A paired user and DM, and both tokens saved. */
  readonly paired: boolean;
  /** The paired user's real name and id (`U…`). */
  readonly name: string | null;
  readonly userId: string | null;
  /** The bot's name (without @). */
  readonly bot: string | null;
  /** Whether the engine's Socket Mode connection is up now. */
  readonly connected: boolean;
  readonly lastConnectedAt: number | null;
  /** What stops or troubles the channel, in a sentence; null when fine. */
  readonly problem: string | null;
}

/** A pairing just started: the code to DM to the bot. */
export interface SlackPairingDto {
  /** Names this pairing in the later calls. */
  readonly pairingId: string;
  /** The bot's name (without @): DM it the code. */
  readonly bot: string;
  /** The one-time code (single use, until `expiresAt`). */
  readonly code: string;
  readonly expiresAt: number;
}

/** Where a Slack pairing stands. */
export type SlackPairingStateDto =
  /** Nobody sent the code yet. */
  | { readonly state: 'waiting'; readonly expiresAt: number }
  /** A user sent the code in a DM: the desk confirms who it is (Slack's real name and id) before anything is paired. */
  | { readonly state: 'found'; readonly name: string; readonly userId: string; readonly expiresAt: number }
  /** The code expired (10 minutes) before it arrived, or before the desk confirmed. */
  | { readonly state: 'expired' }
  /** Talking to Slack failed for good (a refused token, a bad API base). */
  | { readonly state: 'failed'; readonly message: string };
