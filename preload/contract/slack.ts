/** Pairing Slack from the settings view: what the engine shows the user. Never a token. */
import type { ChatPairingDto, ChatPairingStateDto } from './chat-pairing.ts';

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

/** A pairing just started: the code to DM to the bot (single use, until `expiresAt`). */
export interface SlackPairingDto extends ChatPairingDto {
  readonly code: string;
}

/** Where a Slack pairing stands: "answered" is a user sending the code in a DM; ids are Slack's `U…`. */
export type SlackPairingStateDto = ChatPairingStateDto<string>;
