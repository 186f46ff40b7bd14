/** Builds `window.trailboss` from an IPC port: exactly the contract's methods and events, nothing else. */
import {
  CHANNELS,
  isEventName,
  type ApiArgs,
  type ApiMethods,
  type ApiResult,
  type Channel,
  type Envelope,
  type Subscribe,
  type TrailbossApi,
} from './contract/index.ts';
import type { IpcPort } from './ipc-port.ts';

/** Electron keeps only `message` of an error thrown in a handler; turn a rejection into an envelope so callers see one shape. */
function toEnvelope(reason: unknown): Envelope<never> {
  const message = reason instanceof Error ? reason.message : String(reason);
  return { ok: false, error: { code: 'internal', message } };
}

/** The typed invoke wrapper: one function per channel, argument and result typed by the contract. */
function invoker<C extends Channel>(port: IpcPort, channel: C): (args: ApiArgs<C>) => Promise<Envelope<ApiResult<C>>> {
  return (args) => port.invoke(channel, args).then((value) => value as Envelope<ApiResult<C>>, toEnvelope);
}

/** Creates the object the preload exposes. */
export function buildTrailbossApi(port: IpcPort): TrailbossApi {
  // Spelled out per channel (not generated) so `satisfies` fails on a missing or an extra channel.
  const api = {
    [CHANNELS.queueList]: invoker(port, CHANNELS.queueList),
    [CHANNELS.itemApprove]: invoker(port, CHANNELS.itemApprove),
    [CHANNELS.itemDeny]: invoker(port, CHANNELS.itemDeny),
    [CHANNELS.itemReply]: invoker(port, CHANNELS.itemReply),
    [CHANNELS.itemJump]: invoker(port, CHANNELS.itemJump),
    [CHANNELS.itemSkip]: invoker(port, CHANNELS.itemSkip),
    [CHANNELS.itemSnooze]: invoker(port, CHANNELS.itemSnooze),
    [CHANNELS.itemRestart]: invoker(port, CHANNELS.itemRestart),
    [CHANNELS.paneMute]: invoker(port, CHANNELS.paneMute),
    [CHANNELS.paneLoop]: invoker(port, CHANNELS.paneLoop),
    [CHANNELS.paneWake]: invoker(port, CHANNELS.paneWake),
    [CHANNELS.agentsList]: invoker(port, CHANNELS.agentsList),
    [CHANNELS.settingsGet]: invoker(port, CHANNELS.settingsGet),
    [CHANNELS.settingsSet]: invoker(port, CHANNELS.settingsSet),
    [CHANNELS.hooksStatus]: invoker(port, CHANNELS.hooksStatus),
    [CHANNELS.hooksInstall]: invoker(port, CHANNELS.hooksInstall),
    [CHANNELS.hooksUninstall]: invoker(port, CHANNELS.hooksUninstall),
    [CHANNELS.activityGet]: invoker(port, CHANNELS.activityGet),
    [CHANNELS.auditList]: invoker(port, CHANNELS.auditList),
    [CHANNELS.phonePair]: invoker(port, CHANNELS.phonePair),
    [CHANNELS.phonePairing]: invoker(port, CHANNELS.phonePairing),
    [CHANNELS.phoneConfirm]: invoker(port, CHANNELS.phoneConfirm),
    [CHANNELS.phoneCancel]: invoker(port, CHANNELS.phoneCancel),
    [CHANNELS.phoneUnpair]: invoker(port, CHANNELS.phoneUnpair),
    [CHANNELS.slackStatus]: invoker(port, CHANNELS.slackStatus),
    [CHANNELS.slackPair]: invoker(port, CHANNELS.slackPair),
    [CHANNELS.slackPairing]: invoker(port, CHANNELS.slackPairing),
    [CHANNELS.slackConfirm]: invoker(port, CHANNELS.slackConfirm),
    [CHANNELS.slackCancel]: invoker(port, CHANNELS.slackCancel),
    [CHANNELS.slackTest]: invoker(port, CHANNELS.slackTest),
    [CHANNELS.slackUnpair]: invoker(port, CHANNELS.slackUnpair),
  } satisfies ApiMethods;

  const on: Subscribe = (event, listener) => {
    // The renderer is untrusted: a name outside the contract would let it listen on internal channels.
    if (!isEventName(event)) throw new Error(`Unknown event: ${String(event)}`);
    return port.listen(event, (payload) => listener(payload as Parameters<typeof listener>[0]));
  };

  return Object.freeze({ api: Object.freeze(api), on });
}
