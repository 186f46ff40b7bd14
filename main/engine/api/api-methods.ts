/**
 * The contract's method map, implemented over the engine's parts. Every surface (IPC, HTTP, CLI)
 * calls these; each answers an Envelope and never throws across the boundary.
 */
import type { Reachability } from '../hosts/reachability.ts';
import { LOCAL_ONLY } from '../hosts/reachability.ts';
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { fail, ok } from '../../../preload/contract/envelope.ts';
import type { ActionOutcomeDto, ItemActionDto } from '../../../preload/contract/queue-item.ts';
import { answerPrompt } from '../actions/answer-prompt.ts';
import { denyWithMessage } from '../actions/deny-with-message.ts';
import { typeIntoIdle } from '../actions/type-text.ts';
import { EscapeTimes } from '../actions/escape-times.ts';
import type { ActionResult, ActionStore, PaneAccess, Surface } from '../actions/types.ts';
import type { WatchdogScheduler } from '../watchdog/watchdog-scheduler.ts';
import type { Pane } from '../store/index.ts';
import type { HooksServiceInput } from './hooks-service.ts';
import { hooksService } from './hooks-service.ts';
import { TransientInstallError } from '../hooks/appimage-mount.ts';
import { jumpToPane } from '../actions/jump-in-tmux.ts';
import { restartPane } from '../restart/restart-pane.ts';
import { remoteSnapshotsDir } from '../snapshot/snapshot-index.ts';
import { settledLooks } from '../actions/settled-look.ts';
import type { Runner } from '../platform/run.ts';
import type { Config } from '../config/index.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { TrailbossPaths } from '../platform/paths.ts';
import type { ReminderScheduler } from '../reminders/reminder-scheduler.ts';
import { skip } from '../sessions/queue.ts';
import type { Store } from '../store/index.ts';
import { agentDto } from './dto.ts';
import type { EngineEvents } from './events.ts';
import type { PaneTruth } from '../truth/pane-truth.ts';
import { queueDtos } from './queue-view.ts';
import { activityDto, auditDtos } from './history-view.ts';
import { applySettings, readSettings } from './settings-apply.ts';
import type { SettingsDeps } from './settings-apply.ts';
import { NotTypedError } from '../actions/not-typed-error.ts';
import { loopModeOf } from '../watchdog/engine-settings.ts';
import { CHANNEL_NAMES } from '../../../preload/contract/channels.ts';
import type { Channel } from '../../../preload/contract/channels.ts';
import { validateArgs } from './channel-schemas.ts';
import type { PairingService } from '../phone/pairing-service.ts';
import { phoneMethods, phoneStatusDto } from './phone-methods.ts';
import type { SlackPairingService } from '../slack/slack-pairing-service.ts';
import { slackMethods } from './slack-methods.ts';

export interface ApiDeps {
  readonly store: Store;
  readonly truth: PaneTruth;
  readonly observer: PaneObserver;
  readonly events: EngineEvents;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly claimant: string;
  readonly config: () => Config;
  readonly paths: TrailbossPaths;
  readonly reminders: ReminderScheduler;
  readonly panes: PaneAccess;
  readonly actionStore: ActionStore;
  readonly watchdog: { readonly scheduler: WatchdogScheduler; sync(pane: Pane): void };
  readonly hooks: HooksServiceInput;
  readonly runner: Runner;
  /** Apply the config file now (the ConfigWatcher's reload), after settings:set saved it. */
  readonly reloadConfig?: () => void;
  /** Which surface a call came from (set per transport). */
  readonly surface?: Surface;
  /** Whether a pane's host can be reached (views say `unreachable`); default: every pane is local. */
  readonly hosts?: Reachability;
  /** Tell listeners the queue changed (the engine's coalescing publisher); default: emit it now. */
  readonly queueChanged?: () => void;
  /** When Escape was last sent per pane, shared by every surface (the engine forgets gone panes); default: this map's own. */
  readonly escapes?: EscapeTimes;
  /** Pairing the phone from the settings view (one for every surface); absent: the phone channels answer `unavailable`. */
  readonly phonePairing?: PairingService;
  /** Pairing Slack from the settings view (one for every surface); absent: the Slack pairing channels answer `unavailable`. */
  readonly slackPairing?: SlackPairingService;
}

/** Wrap a handler so an unexpected error becomes an `internal` envelope (and is logged), never a crash. */
function guarded<A, R>(name: string, logger: Logger, fn: (args: A) => Promise<Envelope<R>>): (args: A) => Promise<Envelope<R>> {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      logger.log('error', 'api.failed', { method: name, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return fail('internal', error instanceof Error ? error.message : String(error));
    }
  };
}

/**
 * Every method checks its arguments with the channel's schema before anything else: the same
 * check, and the same `invalid` envelope, whether the call came over IPC, HTTP or in-process
 * (tray, notification, hotkey). A refused call changes nothing.
 */
function validated(methods: ApiMethods): ApiMethods {
  const out: Partial<Record<Channel, (args: unknown) => Promise<Envelope<unknown>>>> = {};
  for (const channel of CHANNEL_NAMES) {
    const method = methods[channel] as (args: unknown) => Promise<Envelope<unknown>>;
    out[channel] = async (args: unknown) => {
      const checked = validateArgs(channel, args);
      return checked.ok ? method(checked.args) : checked.envelope;
    };
  }
  return out as ApiMethods;
}

/** Build the method map. `surface` tags audit records (the CLI and the UI pass their own). */
export function buildApiMethods(deps: ApiDeps): ApiMethods {
  return validated(unvalidatedMethods(deps));
}

function unvalidatedMethods(deps: ApiDeps): ApiMethods {
  const reach = deps.hosts ?? LOCAL_ONLY;
  const { store, truth, observer, events, clock, logger } = deps;
  const surface: Surface = deps.surface ?? 'api';
  const { panes, actionStore } = deps;
  const settingsDeps: SettingsDeps = {
    file: deps.paths.config,
    current: deps.config,
    logger,
    ...(deps.reloadConfig ? { reload: deps.reloadConfig } : {}),
    phoneStatus: () => phoneStatusDto(store),
  };
  const escapes = deps.escapes ?? new EscapeTimes();
  const outcome = (itemId: string, action: ItemActionDto, r: Pick<ActionResult, 'outcome' | 'message'>): Envelope<ActionOutcomeDto> => {
    const dto: ActionOutcomeDto = { itemId, action, outcome: r.outcome, message: r.message };
    events.emit('action:outcome', dto);
    return ok(dto);
  };
  const queueChanged =
    deps.queueChanged ?? (() => events.emit('queue:changed', { items: queueDtos(store, truth, clock.now(), false, reach) }));

  const answer = (action: 'approve' | 'deny') =>
    guarded(`item:${action}`, logger, async (args: { id: string; fingerprint: string; message?: string }) => {
      const item = store.items.get(args.id);
      if (!item) return outcome(args.id, action, { outcome: 'gone', message: `item ${args.id} is not in the queue` });
      // Always compared (the schema refuses an empty one): no fingerprint must never mean "skip the check".
      if (item.fingerprint !== args.fingerprint) {
        return outcome(args.id, action, { outcome: 'changed', message: 'the item changed since it was shown; nothing was sent' });
      }
      const actionDeps = {
        store: actionStore,
        panes,
        clock,
        logger,
        claimant: deps.claimant,
        onSent: (pane: string, keys: readonly string[]) => escapes.noteSent(pane, keys, clock.now()),
      };
      const target = { id: item.id, paneKey: item.paneKey, fingerprint: item.fingerprint };
      // "The prompt left" must hold on two agreeing captures: a capture mid-redraw is not proof.
      const result =
        action === 'deny' && args.message !== undefined
          ? await denyWithMessage(
              { ...actionDeps, settled: settledLooks(panes, clock), lastEscapeAt: (p) => escapes.lastAt(p, clock.now()) },
              target,
              args.message,
              surface,
            )
          : await answerPrompt({ ...actionDeps, confirmPanes: settledLooks(panes, clock) }, target, action, surface);
      if (result.outcome === 'confirmed' && item.fingerprint) {
        truth.markAnswered(item.paneKey, item.fingerprint, clock.now());
        // The observer reports each screen once; after an answer the same prompt may come back as a new ask.
        observer.forgetReported(item.paneKey);
      }
      truth.reconsider(item.paneKey);
      return outcome(args.id, action, result);
    });

  return {
    'queue:list': guarded('queue:list', logger, async () => ok(queueDtos(store, truth, clock.now(), false, reach))),
    'item:approve': answer('approve'),
    'item:deny': answer('deny'),
    'item:reply': guarded('item:reply', logger, async (args) => {
      const item = store.items.get(args.id);
      if (!item) return outcome(args.id, 'reply', { outcome: 'gone', message: `item ${args.id} is not in the queue` });
      if (!store.items.claim(item.id, deps.claimant))
        return outcome(args.id, 'reply', { outcome: 'refused', message: 'already being answered' });
      try {
        const result = await typeIntoIdle(
          // Settled looks: a capture taken mid-redraw must not withhold Enter and strand the text in the input line.
          { store: actionStore, panes: settledLooks(panes, clock), clock, lastEscapeAt: (p) => escapes.lastAt(p, clock.now()) },
          { paneKey: item.paneKey, text: args.text, reason: 'reply', surface, itemId: item.id, action: 'text' },
        );
        if (result.outcome === 'confirmed') {
          actionStore.resolve(item.id, 'replied', surface);
          // Until the pane is seen again, the idle prompt on record is the one just answered: no new item from it.
          truth.markReplied(item.paneKey, clock.now());
          observer.forgetReported(item.paneKey);
        }
        return outcome(args.id, 'reply', result);
      } finally {
        store.items.release(item.id, deps.claimant);
        truth.reconsider(item.paneKey);
      }
    }),
    'item:jump': guarded('item:jump', logger, async (args) => {
      const item = store.items.get(args.id);
      if (!item) return outcome(args.id, 'jump', { outcome: 'gone', message: `item ${args.id} is not in the queue` });
      return outcome(args.id, 'jump', await jumpToPane(observer, item.paneKey, args.client));
    }),
    'item:skip': guarded('item:skip', logger, async (args) => {
      const item = store.items.get(args.id);
      if (!item) return outcome(args.id, 'skip', { outcome: 'gone', message: `item ${args.id} is not in the queue` });
      const moved = skip(item, clock.now(), store.items.list(), deps.config().queue.skipCooldownMs);
      store.items.skipToTail(item.id, moved.skipCooldownUntil);
      queueChanged();
      return outcome(args.id, 'skip', { outcome: 'confirmed', message: 'moved to the end of the queue' });
    }),
    'item:snooze': guarded('item:snooze', logger, async (args) => {
      const item = store.items.get(args.id);
      if (!item) return outcome(args.id, 'snooze', { outcome: 'gone', message: `item ${args.id} is not in the queue` });
      const until = clock.now() + args.forMs;
      store.items.update(item.id, { snoozedUntil: until });
      deps.reminders.upsert({ ...item, snoozedUntil: until });
      queueChanged();
      return outcome(args.id, 'snooze', { outcome: 'confirmed', message: `snoozed until ${new Date(until).toISOString()}` });
    }),
    'item:restart': guarded('item:restart', logger, async (args) => {
      const item = store.items.get(args.id);
      if (!item) return outcome(args.id, 'restart', { outcome: 'gone', message: `item ${args.id} is not in the queue` });
      if (!store.items.claim(item.id, deps.claimant))
        return outcome(args.id, 'restart', { outcome: 'refused', message: 'already being handled' });
      try {
        const result = await restartPane(
          {
            observer,
            actionStore,
            clock,
            logger,
            runner: deps.runner,
            config: deps.config,
            env: deps.hooks.env,
            homedir: deps.hooks.homedir,
            remoteSnapshotsDir: remoteSnapshotsDir(deps.paths.home),
          },
          item.paneKey,
          args.runtime,
          surface,
        );
        return outcome(args.id, 'restart', result);
      } finally {
        store.items.release(item.id, deps.claimant);
        truth.reconsider(item.paneKey);
      }
    }),
    'pane:mute': guarded('pane:mute', logger, async (args) => {
      const pane = store.panes.get(args.paneKey);
      if (!pane) return fail('not-found', `no watched pane ${args.paneKey}`);
      store.panes.setSettings(args.paneKey, { muted: args.muted });
      truth.reconsider(args.paneKey);
      queueChanged();
      const updated = store.panes.get(args.paneKey) ?? pane;
      return ok(agentDto(updated, truth.get(args.paneKey), loopModeOf(updated, deps.config()), reach));
    }),
    'pane:loop': guarded('pane:loop', logger, async (args) => {
      const pane = store.panes.get(args.paneKey);
      if (!pane) return fail('not-found', `no watched pane ${args.paneKey}`);
      store.panes.setSettings(args.paneKey, { loopMode: args.mode, ...(args.directive !== null ? { directive: args.directive } : {}) });
      const updated = store.panes.get(args.paneKey) ?? pane;
      deps.watchdog.sync(updated);
      truth.reconsider(args.paneKey);
      return ok(agentDto(updated, truth.get(args.paneKey), loopModeOf(updated, deps.config()), reach));
    }),
    'pane:wake': guarded('pane:wake', logger, async (args) => {
      if (!store.panes.get(args.paneKey)) return fail('not-found', `no watched pane ${args.paneKey}`);
      try {
        const decision = await deps.watchdog.scheduler.wake(args.paneKey, args.text);
        const result =
          decision.kind === 'type'
            ? { outcome: 'confirmed' as const, message: `woke ${args.paneKey} with ${JSON.stringify(args.text)}` }
            : {
                outcome: 'refused' as const,
                message:
                  decision.why === 'empty'
                    ? 'nothing to type'
                    : 'the agent is not at its input prompt (a prompt, dialog or work on screen); nothing was typed',
              };
        return outcome(args.paneKey, 'wake', result);
      } catch (error) {
        // The screen changed between paste and Enter, or the pane went: an outcome, not an engine failure.
        if (error instanceof NotTypedError) return outcome(args.paneKey, 'wake', { outcome: error.outcome, message: error.message });
        throw error;
      }
    }),
    'agents:list': guarded('agents:list', logger, async () =>
      ok(
        store.panes
          .list()
          .filter((p) => p.state !== 'gone' || truth.get(p.paneKey))
          .map((p) => agentDto(p, truth.get(p.paneKey), loopModeOf(p, deps.config()), reach)),
      ),
    ),
    'settings:get': guarded('settings:get', logger, async () => ok(readSettings(settingsDeps))),
    'settings:set': guarded('settings:set', logger, async (args) => applySettings(settingsDeps, args.settings)),
    'hooks:status': guarded('hooks:status', logger, async () => ok(hooksService.status(deps.hooks))),
    'hooks:install': guarded('hooks:install', logger, async () => {
      try {
        return ok(hooksService.install(deps.hooks));
      } catch (error) {
        // From an AppImage: refused with what to install instead (nothing was written).
        if (error instanceof TransientInstallError) return fail('refused', error.message);
        throw error;
      }
    }),
    'hooks:uninstall': guarded('hooks:uninstall', logger, async () => ok(hooksService.uninstall(deps.hooks))),
    'activity:get': guarded('activity:get', logger, async (args) => ok(activityDto(store, args.since, clock.now()))),
    'audit:list': guarded('audit:list', logger, async (args) => ok(auditDtos(store, args.limit, args.before))),
    ...phoneMethods({ store, logger, pairing: deps.phonePairing }),
    ...slackMethods({ store, logger, home: deps.paths.home, pairing: deps.slackPairing }),
  };
}
