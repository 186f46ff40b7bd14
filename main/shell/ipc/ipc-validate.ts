/**
 * Checks on every IPC call before it reaches the engine: it comes from one of our windows (the
 * webContents we created, showing our own app:// page, top frame), names a channel of the
 * contract, and carries arguments of the right shape. Pure: the Electron wrapper passes plain facts.
 */
import type { ApiArgs } from '../../../preload/contract/api.ts';
import type { Channel } from '../../../preload/contract/channels.ts';
import { isChannel } from '../../../preload/contract/channels.ts';
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { fail } from '../../../preload/contract/envelope.ts';
import { validateArgs } from '../../engine/api/channel-schemas.ts';
import { isAppUrl } from '../windows/app-url.ts';

/** What the wrapper knows about who sent a call. */
export interface SenderFacts {
  readonly webContentsId: number;
  /** URL of the frame that sent it; null when the frame is gone. */
  readonly frameUrl: string | null;
  /** The frame is the page itself, not an iframe inside it. */
  readonly topFrame: boolean;
}

/** Why a sender is not trusted, or null when it is. */
export function senderProblem(sender: SenderFacts, ourWebContents: ReadonlySet<number>): string | null {
  if (!ourWebContents.has(sender.webContentsId)) return 'not one of Trail Boss’s windows';
  if (!sender.topFrame) return 'sent from a sub-frame';
  if (sender.frameUrl === null || !isAppUrl(sender.frameUrl))
    return `sent from a page that is not Trail Boss’s (${sender.frameUrl ?? 'no URL'})`;
  return null;
}

/** A call that passed every check, with its typed arguments. */
export interface ValidCall<C extends Channel = Channel> {
  readonly channel: C;
  readonly args: ApiArgs<C>;
}

/** The validated call, or the envelope to answer instead (`unauthorized` or `invalid` with issues). */
export function validateCall(
  channel: unknown,
  args: unknown,
  sender: SenderFacts,
  ourWebContents: ReadonlySet<number>,
): { ok: true; call: ValidCall } | { ok: false; envelope: Envelope<never> } {
  const problem = senderProblem(sender, ourWebContents);
  if (problem !== null) return { ok: false, envelope: fail('unauthorized', `refused: ${problem}`) };
  if (!isChannel(channel))
    return { ok: false, envelope: fail('invalid', `unknown channel ${JSON.stringify(String(channel)).slice(0, 80)}`) };
  const checked = validateArgs(channel, args);
  if (!checked.ok) return { ok: false, envelope: checked.envelope };
  return { ok: true, call: { channel, args: checked.args as ApiArgs<Channel> } };
}
