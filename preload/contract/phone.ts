/** Pairing the phone (Telegram) from the settings view: what the engine shows the user. Never the bot token. */
import type { ChatPairingDto, ChatPairingStateDto } from './chat-pairing.ts';

/** A pairing just started: the link and QR code to open on the phone (the code is only in the link). */
export interface PhonePairingDto extends ChatPairingDto {
  /** `https://t.me/<bot>?start=<code>`: a one-time code, good until `expiresAt`. */
  readonly link: string;
  /** The link as a QR code: SVG markup made by the `qrcode` library; show it as an image, never as markup. */
  readonly qrSvg: string;
}

/** Where a pairing stands: "answered" is a private chat tapping Start; Telegram's user ids are numbers. */
export type PhonePairingStateDto = ChatPairingStateDto<number>;
