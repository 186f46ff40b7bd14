/**
 * Pairing a chat (Telegram, Slack) from the settings view: the shapes both chats answer alike. Each
 * chat's own file names them with what differs (the user's id, how the code reaches the bot). Never a
 * token.
 */

/** A pairing just started: what every chat shows beside its own way of passing the code. */
export interface ChatPairingDto {
  /** Names this pairing in the later calls. */
  readonly pairingId: string;
  /** The bot's name (without @). */
  readonly bot: string;
  /** When the one-time code stops working (epoch ms). */
  readonly expiresAt: number;
}

/** Where a pairing stands; `Id` is the user's id as the chat gives it. */
export type ChatPairingStateDto<Id> =
  /** Nobody answered the code yet. */
  | { readonly state: 'waiting'; readonly expiresAt: number }
  /** Someone answered the code: the desk confirms who it is (the chat's name and id) before anything is paired. */
  | { readonly state: 'found'; readonly name: string; readonly userId: Id; readonly expiresAt: number }
  /** The code expired (10 minutes) before it was answered, or before the desk confirmed. */
  | { readonly state: 'expired' }
  /** Talking to the chat failed for good (a refused token, a bad API base). */
  | { readonly state: 'failed'; readonly message: string };
