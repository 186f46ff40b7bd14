/**
 * The only place raw `ipcMain` is used (lint enforces it). One `handle` per contract channel;
 * every call is checked (sender, channel, arguments) before the method map sees it, and every
 * answer is an Envelope — a thrown error becomes `internal` instead of Electron's bare message.
 */
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { ApiArgs, ApiMethods } from '../../../preload/contract/api.ts';
import { CHANNEL_NAMES, type Channel } from '../../../preload/contract/channels.ts';
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { fail } from '../../../preload/contract/envelope.ts';
import type { SenderFacts } from './ipc-validate.ts';
import { validateCall } from './ipc-validate.ts';

/** What the handlers need: the method map, and which webContents are ours right now. */
export interface IpcHandlerDeps {
  readonly api: ApiMethods;
  readonly ourWebContents: () => ReadonlySet<number>;
  /** Told of every refused call (logs). */
  readonly onRefused?: (channel: string, envelope: Envelope<never>) => void;
}

function senderFacts(event: IpcMainInvokeEvent): SenderFacts {
  const frame = event.senderFrame;
  return { webContentsId: event.sender.id, frameUrl: frame?.url ?? null, topFrame: frame !== null && frame.parent === null };
}

/** Calls one method with arguments already validated for its channel. */
function call<C extends Channel>(api: ApiMethods, channel: C, args: ApiArgs<C>): Promise<Envelope<unknown>> {
  return (api[channel] as (a: ApiArgs<C>) => Promise<Envelope<unknown>>)(args);
}

/** Registers a handler for every channel of the contract. Returns the function that removes them. */
export function registerIpcHandlers(deps: IpcHandlerDeps): () => void {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, async (event, args: unknown): Promise<Envelope<unknown>> => {
      const checked = validateCall(channel, args, senderFacts(event), deps.ourWebContents());
      if (!checked.ok) {
        deps.onRefused?.(channel, checked.envelope);
        return checked.envelope;
      }
      try {
        return await call(deps.api, checked.call.channel, checked.call.args);
      } catch (err) {
        return fail('internal', err instanceof Error ? err.message : String(err));
      }
    });
  }
  return () => {
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel);
  };
}
