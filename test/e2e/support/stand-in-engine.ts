/**
 * An in-memory engine that implements the contract's method map, for UI tests and measurements before
 * the real engine serves the API (and as a worked example of the contract for the engine's authors).
 * It never touches tmux: "sent" keys are recorded in `sent` and the audit log.
 */
import {
  fail,
  ok,
  type ActionOutcomeDto,
  type AgentDto,
  type ApiMethods,
  type AuditEntryDto,
  type EventName,
  type EventPayload,
  type HooksStatusDto,
  type ItemActionDto,
  type QueueItemDto,
  type SettingsDto,
  type ValidationIssue,
} from '../../../preload/contract/index.ts';

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Default settings as product.md describes them. */
export const DEFAULT_SETTINGS: SettingsDto = {
  hotkeys: { jumpOldest: 'CommandOrControl+Alt+J', openQueue: 'CommandOrControl+Alt+Q' },
  reminders: { cadenceMs: [0, 300_000, 900_000, 2_700_000, 7_200_000, 14_400_000] },
  notifications: { enabled: true, sound: false, actionButtons: true },
  terminal: { command: null },
  tmux: { includeDefault: true, sockets: [] },
  watchdog: {
    enabled: false,
    message: 'continue',
    backoffMs: [300_000, 900_000, 2_700_000],
    capMs: 7_200_000,
    maxTries: 3,
    humanActiveMs: 120_000,
    dismissKnownDialogs: true,
  },
  restart: { defaultRuntime: null },
  phone: { tail: true, afterMs: 0 },
};

/** The agent row of a queue item's pane, as pane:mute and pane:loop answer it. */
function paneOf(item: QueueItemDto, now: Pick<AgentDto, 'state' | 'muted' | 'loopMode'>): AgentDto {
  return {
    paneKey: item.paneKey,
    target: item.target,
    host: null,
    unreachable: null,
    sessionName: item.sessionName,
    runtime: item.runtime,
    runtimeVerified: true,
    since: item.firstSeen,
    prompt: null,
    draft: null,
    ...now,
  };
}

function validate(s: SettingsDto): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!Number.isInteger(s.watchdog.maxTries) || s.watchdog.maxTries < 1)
    issues.push({ path: 'watchdog.maxTries', message: 'must be a whole number ≥ 1' });
  s.reminders.cadenceMs.forEach((ms, i) => {
    if (i > 0 && ms <= (s.reminders.cadenceMs[i - 1] ?? 0))
      issues.push({ path: `reminders.cadenceMs.${i}`, message: 'each reminder must come after the one before' });
  });
  s.tmux.sockets.forEach((p, i) => {
    if (!p.startsWith('/')) issues.push({ path: `tmux.sockets.${i}`, message: 'must be an absolute path' });
  });
  return issues;
}

/** The stand-in engine: `api` implements the contract; `sent` lists every key or text "sent". */
export function createStandInEngine(items: QueueItemDto[], emit: Emit, now: () => number) {
  let queue = [...items];
  let settings = DEFAULT_SETTINGS;
  let hooks: HooksStatusDto = {
    state: 'absent',
    settingsPath: '/home/dev/.claude/settings.json',
    events: [],
    missing: ['PermissionRequest', 'Stop', 'Notification'],
    lastHookAt: null,
    problem: null,
  };
  const audit: AuditEntryDto[] = [];
  const sent: Array<{ itemId: string; keys: readonly string[]; text: string | null }> = [];

  const changed = () => emit('queue:changed', { items: queue });
  const outcome = (item: QueueItemDto, action: ItemActionDto, kind: ActionOutcomeDto['outcome'], message: string) => {
    const o: ActionOutcomeDto = { itemId: item.id, action, outcome: kind, message };
    emit('action:outcome', o);
    return ok(o);
  };
  const record = (item: QueueItemDto, keys: string[], text: string | null, why: string) => {
    sent.push({ itemId: item.id, keys, text });
    audit.unshift({
      id: audit.length + 1,
      at: now(),
      paneKey: item.paneKey,
      target: item.target,
      host: item.host,
      keys,
      text,
      why,
      origin: 'browser',
      itemId: item.id,
      outcome: 'confirmed',
    });
  };
  const resolve = (item: QueueItemDto, resolution: EventPayload<'item:resolved'>['resolution']) => {
    queue = queue.filter((i) => i.id !== item.id);
    emit('item:resolved', { id: item.id, resolution });
    changed();
  };
  const find = (id: string) => queue.find((i) => i.id === id);

  const api: ApiMethods = {
    'queue:list': async () => ok(queue),
    'item:approve': async ({ id, fingerprint }) => {
      const item = find(id);
      if (!item) return fail('not-found', `No item ${id}`);
      if (item.fingerprint !== fingerprint)
        return outcome(item, 'approve', 'changed', 'The pane shows another prompt now; nothing was sent.');
      if (item.approveLabel === null) return outcome(item, 'approve', 'refused', item.approveBlockedReason ?? 'No single-use option.');
      record(item, ['1'], null, `approve: ${item.approveLabel}`);
      resolve(item, 'approved');
      return outcome(item, 'approve', 'confirmed', `Chose “${item.approveLabel}”; the prompt closed.`);
    },
    'item:deny': async ({ id, fingerprint }) => {
      const item = find(id);
      if (!item) return fail('not-found', `No item ${id}`);
      if (item.fingerprint !== fingerprint) return outcome(item, 'deny', 'changed', 'The pane shows another prompt now; nothing was sent.');
      if (item.denyLabel === null) return outcome(item, 'deny', 'refused', 'Nothing to deny.');
      record(item, ['Escape'], null, `deny: ${item.denyLabel}`);
      resolve(item, 'denied');
      return outcome(item, 'deny', 'confirmed', `Chose “${item.denyLabel}”; the prompt closed.`);
    },
    'item:reply': async ({ id, text }) => {
      const item = find(id);
      if (!item) return fail('not-found', `No item ${id}`);
      if (!item.canReply) return outcome(item, 'reply', 'refused', 'Not at an input prompt; nothing was typed.');
      record(item, [], text, 'reply');
      resolve(item, 'replied');
      return outcome(item, 'reply', 'confirmed', 'Typed the reply and pressed Enter; the agent is working.');
    },
    'item:jump': async ({ id }) => {
      const item = find(id);
      return item
        ? outcome(item, 'jump', 'confirmed', `Selected ${item.target}; no terminal attached (stand-in engine).`)
        : fail('not-found', `No item ${id}`);
    },
    'item:skip': async ({ id }) => {
      const item = find(id);
      if (!item) return fail('not-found', `No item ${id}`);
      const moved = { ...item, skippedUntil: now() + 60_000 };
      queue = [...queue.filter((i) => i.id !== id), moved];
      changed();
      return outcome(item, 'skip', 'confirmed', 'Moved to the end of the queue.');
    },
    'item:snooze': async ({ id, forMs }) => {
      const item = find(id);
      if (!item) return fail('not-found', `No item ${id}`);
      if (!(forMs > 0)) return fail('invalid', 'forMs must be positive', [{ path: 'forMs', message: 'must be positive' }]);
      const snoozed = { ...item, snoozedUntil: now() + forMs };
      queue = queue.map((i) => (i.id === id ? snoozed : i));
      emit('item:updated', { item: snoozed });
      return outcome(item, 'snooze', 'confirmed', `Snoozed for ${Math.round(forMs / 60_000)} min.`);
    },
    'item:restart': async ({ id }) => {
      const item = find(id);
      if (!item) return fail('not-found', `No item ${id}`);
      resolve(item, 'restarted');
      return outcome(item, 'restart', 'confirmed', 'Snapshot saved; session relaunched.');
    },
    'pane:mute': async ({ paneKey, muted }) => {
      const item = queue.find((i) => i.paneKey === paneKey);
      if (!item) return fail('not-found', `No pane ${paneKey}`);
      return ok(paneOf(item, { state: 'permission', muted, loopMode: 'paused' }));
    },
    'pane:loop': async ({ paneKey, mode }) => {
      const item = queue.find((i) => i.paneKey === paneKey);
      if (!item) return fail('not-found', `No pane ${paneKey}`);
      return ok(paneOf(item, { state: 'idle', muted: false, loopMode: mode }));
    },
    'pane:wake': async ({ paneKey }) =>
      ok({ itemId: paneKey, action: 'wake', outcome: 'refused', message: 'the stand-in engine types nothing' }),
    'agents:list': async () =>
      ok(
        queue.map(
          (i) =>
            ({
              paneKey: i.paneKey,
              target: i.target,
              host: i.host,
              unreachable: i.unreachable,
              sessionName: i.sessionName,
              runtime: i.runtime,
              runtimeVerified: i.runtimeVerified,
              state: i.reason === 'idle' ? 'idle' : 'permission',
              since: i.firstSeen,
              muted: false,
              loopMode: 'paused',
              prompt: null,
              draft: null,
            }) as const,
        ),
      ),
    'settings:get': async () =>
      ok({
        settings,
        configPath: '/home/dev/.config/trailboss/config.json',
        hotkeys: [
          {
            name: 'jumpOldest',
            accelerator: settings.hotkeys.jumpOldest,
            registered: false,
            problem: 'Hotkeys work in the desktop app only',
          },
        ],
        loadError: null,
        logFile: null,
        phone: { paired: false, name: null, bot: null, lastPollAt: null, problem: null },
      }),
    'settings:set': async ({ settings: next }) => {
      const issues = validate(next);
      if (issues.length > 0) return fail('invalid', 'The settings were not saved.', issues);
      settings = next;
      const state = {
        settings,
        configPath: '/home/dev/.config/trailboss/config.json',
        hotkeys: [],
        loadError: null,
        logFile: null,
        phone: { paired: false, name: null, bot: null, lastPollAt: null, problem: null },
      };
      emit('settings:changed', state);
      return ok(state);
    },
    'hooks:status': async () => ok(hooks),
    'hooks:install': async () =>
      ok((hooks = { ...hooks, state: 'installed', events: ['PermissionRequest', 'Stop', 'Notification'], missing: [] })),
    'hooks:uninstall': async () =>
      ok((hooks = { ...hooks, state: 'absent', events: [], missing: ['PermissionRequest', 'Stop', 'Notification'] })),
    'activity:get': async ({ since }) =>
      ok({
        since,
        until: now(),
        agents: queue.slice(0, 8).map((i, n) => ({
          paneKey: i.paneKey,
          target: i.target,
          runtime: i.runtime,
          waits: [
            { start: since + (n + 1) * 3_600_000, end: since + (n + 1) * 3_600_000 + 1_800_000, reason: 'permission' as const },
            { start: since + (n + 10) * 3_600_000, end: since + (n + 12) * 3_600_000, reason: 'idle' as const },
            { start: i.firstSeen, end: null, reason: i.reason },
          ],
        })),
      }),
    'audit:list': async ({ limit }) => ok(audit.slice(0, limit)),
    // Pairing talks to Telegram: the engine tests cover it against the stand-in Bot API.
    'phone:pair': async () => fail('unavailable', 'no phone pairing in the stand-in engine'),
    'phone:pairing': async () => fail('unavailable', 'no phone pairing in the stand-in engine'),
    'phone:confirm': async () => fail('unavailable', 'no phone pairing in the stand-in engine'),
    'phone:cancel': async () => fail('unavailable', 'no phone pairing in the stand-in engine'),
    'phone:unpair': async () => fail('unavailable', 'no phone pairing in the stand-in engine'),
    'slack:status': async () =>
      ok({ paired: false, name: null, userId: null, bot: null, connected: false, lastConnectedAt: null, problem: null }),
    'slack:pair': async () => fail('unavailable', 'no Slack pairing in the stand-in engine'),
    'slack:pairing': async () => fail('unavailable', 'no Slack pairing in the stand-in engine'),
    'slack:confirm': async () => fail('unavailable', 'no Slack pairing in the stand-in engine'),
    'slack:cancel': async () => fail('unavailable', 'no Slack pairing in the stand-in engine'),
    'slack:test': async () => fail('unavailable', 'no Slack pairing in the stand-in engine'),
    'slack:unpair': async () => fail('unavailable', 'no Slack pairing in the stand-in engine'),
  };
  return { api, sent, queue: () => queue };
}
