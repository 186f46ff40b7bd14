/** The request side of the contract: each channel's argument and result, and the method map every surface implements. */
import type { Channel } from './channels.ts';
import type { Envelope } from './envelope.ts';
import type { AgentDto, LoopModeDto } from './agent.ts';
import type { ActionOutcomeDto, QueueItemDto } from './queue-item.ts';
import type { RuntimeIdDto } from './agent.ts';
import type { SettingsDto, SettingsStateDto } from './settings.ts';
import type { HooksStatusDto } from './hooks.ts';
import type { ActivityDto, AuditEntryDto } from './activity.ts';
import type { PhonePairingDto, PhonePairingStateDto } from './phone.ts';
import type { SlackPairingDto, SlackPairingStateDto, SlackStatusDto } from './slack.ts';
import type { PhoneStatusDto } from './settings.ts';

/** No arguments (an empty object keeps every call the same shape on IPC and HTTP). */
export type NoArgs = Record<string, never>;

/** Approve and deny name the prompt the user saw; the engine re-verifies it right before sending a key. */
export interface PromptActionArgs {
  readonly id: string;
  readonly fingerprint: string;
}

/**
 * Deny, and with `message` tell the agent why: the engine takes the path the prompt's screen offers
 * (the CLI's own "tell the agent" field, or the input prompt after the denial) and answers
 * `confirmed` only once the agent has the message; `refused` names why a screen offers no way.
 */
export interface DenyArgs extends PromptActionArgs {
  readonly message?: string;
}

/** Argument and result of every channel. Results are wrapped in an Envelope by the method map. */
export interface ApiSpec {
  'queue:list': { args: NoArgs; result: readonly QueueItemDto[] };
  'item:approve': { args: PromptActionArgs; result: ActionOutcomeDto };
  'item:deny': { args: DenyArgs; result: ActionOutcomeDto };
  /** Typed only at an input prompt; otherwise `refused`. */
  'item:reply': { args: { readonly id: string; readonly text: string }; result: ActionOutcomeDto };
  /**
   * `client`: the tmux client to move (a terminal UI in a popup names the client that opened it); used
   * when it is attached to the pane's server, else the usual choice. Panes on other hosts ignore it.
   */
  'item:jump': { args: { readonly id: string; readonly client?: string }; result: ActionOutcomeDto };
  'item:skip': { args: { readonly id: string }; result: ActionOutcomeDto };
  'item:snooze': { args: { readonly id: string; readonly forMs: number }; result: ActionOutcomeDto };
  /** Snapshot the transcript, kill and relaunch; `runtime` null = the settings' default. */
  'item:restart': { args: { readonly id: string; readonly runtime: RuntimeIdDto | null }; result: ActionOutcomeDto };
  'pane:mute': { args: { readonly paneKey: string; readonly muted: boolean }; result: AgentDto };
  /** The idle watchdog's mode for one pane; `directive` is what task-only mode re-injects (null keeps the recorded one). */
  'pane:loop': { args: { readonly paneKey: string; readonly mode: LoopModeDto; readonly directive: string | null }; result: AgentDto };
  /** Priority wake-up: type `text` now, bypassing the human-activity gate but never the safe-to-type gate. */
  'pane:wake': { args: { readonly paneKey: string; readonly text: string }; result: ActionOutcomeDto };
  'agents:list': { args: NoArgs; result: readonly AgentDto[] };
  'settings:get': { args: NoArgs; result: SettingsStateDto };
  /** Replaces the whole config; `invalid` with `issues` when it does not validate (nothing is saved then). */
  'settings:set': { args: { readonly settings: SettingsDto }; result: SettingsStateDto };
  'hooks:status': { args: NoArgs; result: HooksStatusDto };
  'hooks:install': { args: NoArgs; result: HooksStatusDto };
  'hooks:uninstall': { args: NoArgs; result: HooksStatusDto };
  /** Waits overlapping [since, now]. */
  'activity:get': { args: { readonly since: number }; result: ActivityDto };
  /** Newest first; `before` (an entry id) pages back. */
  'audit:list': { args: { readonly limit: number; readonly before: number | null }; result: readonly AuditEntryDto[] };
  /**
   * Start pairing a phone with the bot token BotFather gave (checked with getMe; saved only once the
   * pairing is confirmed). `apiBase` null = the configured one (`phone.telegram.apiBase`). One pairing
   * at a time: a new start cancels the one before. The token is never in any answer.
   */
  'phone:pair': { args: { readonly token: string; readonly apiBase: string | null }; result: PhonePairingDto };
  /** Where the pairing stands (polled by the settings view); `not-found` when it was cancelled or confirmed. */
  'phone:pairing': { args: { readonly pairingId: string }; result: PhonePairingStateDto };
  /** Pair the chat that tapped Start (state `found`): saves the token owner-only; the channel starts by itself. */
  'phone:confirm': { args: { readonly pairingId: string }; result: PhoneStatusDto };
  /** Give up the pairing: nothing is saved, the engine goes back to the pairing it had. */
  'phone:cancel': { args: { readonly pairingId: string }; result: PhoneStatusDto };
  /** Forget the paired chat and remove the saved bot token (as `trailboss phone unpair`). */
  'phone:unpair': { args: NoArgs; result: PhoneStatusDto };
  /** The Slack pairing (paired here or with `trailboss slack pair`). */
  'slack:status': { args: NoArgs; result: SlackStatusDto };
  /**
   * Start pairing Slack with the app's two tokens (the bot token checked with auth.test, the app-level
   * token by opening the Socket Mode connection; both saved owner-only once the pairing is confirmed).
   * A token null = the one already saved in the data directory; `apiBase` null = the configured one
   * (`phone.slack.apiBase`). One pairing at a time. No token is ever in any answer.
   */
  'slack:pair': {
    args: { readonly botToken: string | null; readonly appToken: string | null; readonly apiBase: string | null };
    result: SlackPairingDto;
  };
  /** Where the pairing stands (polled by the settings view); `not-found` when it was cancelled or confirmed. */
  'slack:pairing': { args: { readonly pairingId: string }; result: SlackPairingStateDto };
  /** Pair the user who sent the code (state `found`): saves both tokens owner-only; the channel starts by itself. */
  'slack:confirm': { args: { readonly pairingId: string }; result: SlackStatusDto };
  /** Give up the pairing: nothing is saved. */
  'slack:cancel': { args: { readonly pairingId: string }; result: SlackStatusDto };
  /** Send a test message to the paired DM (as `trailboss slack test`). */
  'slack:test': { args: NoArgs; result: SlackStatusDto };
  /** Forget the paired user and remove both saved tokens (as `trailboss slack unpair`). */
  'slack:unpair': { args: NoArgs; result: SlackStatusDto };
}

/** The argument of a channel. */
export type ApiArgs<C extends Channel> = ApiSpec[C]['args'];
/** The unwrapped result of a channel. */
export type ApiResult<C extends Channel> = ApiSpec[C]['result'];

/** The method map: channel → `(args) => Promise<Envelope<Result>>`. The engine implements it; IPC and HTTP carry it. */
export type ApiMethods = { readonly [C in Channel]: (args: ApiArgs<C>) => Promise<Envelope<ApiResult<C>>> };
