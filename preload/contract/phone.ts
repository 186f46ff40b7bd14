/** Pairing the phone (Telegram) from the settings view: what the engine shows the user. Never the bot token. */

/** A pairing just started: the link and QR code to open on the phone. */
export interface PhonePairingDto {
  /** Names this pairing in the later calls (not the code: the code is only in the link). */
  readonly pairingId: string;
  /** The bot's username (without @). */
  readonly bot: string;
  /** `https://t.me/<bot>?start=<code>`: a one-time code, good until `expiresAt`. */
  readonly link: string;
  /** The link as a QR code: SVG markup made by the `qrcode` library; show it as an image, never as markup. */
  readonly qrSvg: string;
  /** When the code stops working (epoch ms). */
  readonly expiresAt: number;
}

/** Where a pairing stands. */
export type PhonePairingStateDto =
  /** Nobody tapped Start with the code yet. */
  | { readonly state: 'waiting'; readonly expiresAt: number }
  /** A private chat tapped Start: the desk confirms who it is before anything is paired. */
  | { readonly state: 'found'; readonly name: string; readonly userId: number; readonly expiresAt: number }
  /** The code expired (10 minutes) before Start, or before the desk confirmed. */
  | { readonly state: 'expired' }
  /** Talking to Telegram failed for good (a refused token, a bad API base). */
  | { readonly state: 'failed'; readonly message: string };
