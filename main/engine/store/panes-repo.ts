/** Watched panes: upserted by the observer, state set by the state machine, settings by the user. */
import type { RuntimeId } from '../runtimes/types.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { compareBinary, RowCache } from './row-cache.ts';
import { atomically, definedOnly, toBit, type Db } from './sql.ts';
import type { LoopMode, Pane, PaneSettings, PaneState } from './types.ts';

/**
 * `last_seen` alone is refreshed at most this often: the observer sees every pane every tick, and
 * writing a timestamp each second would defeat write-on-change.
 */
export const LAST_SEEN_GRANULARITY_MS = 60_000;

/** What the observer knows about a pane when it sees it. */
export interface PaneObservation {
  readonly paneKey: PaneKey;
  readonly server: string;
  readonly paneId: string;
  readonly target: string;
  readonly runtime: RuntimeId;
  readonly pid: number | null;
  readonly at: number;
}

/** Panes repository. Every write method reports whether it changed anything. */
export interface PanesRepo {
  /** Insert a newly seen pane (state `unknown`, settings from `settings`) or refresh what changed. */
  observe(seen: PaneObservation, settings?: Partial<PaneSettings>): 'inserted' | 'updated' | 'unchanged';
  /** Record the state machine's verdict; the same state again is no write and keeps `stateSince`. */
  setState(paneKey: PaneKey, state: PaneState, since: number): boolean;
  /** Change user settings (mute, ignore, enroll, loop mode, directive); a given loop mode becomes explicit. */
  setSettings(paneKey: PaneKey, patch: Partial<PaneSettings>): boolean;
  get(paneKey: PaneKey): Pane | null;
  /** All panes, by key. */
  list(): Pane[];
  /** Remove a pane and its watchdog state; refused (false) while it has an open item. */
  forget(paneKey: PaneKey): boolean;
}

interface PaneRow {
  pane_key: string;
  server: string;
  pane_id: string;
  target: string;
  runtime: string;
  pid: number | null;
  state: string;
  state_since: number;
  muted: number;
  ignored: number;
  enrolled: number;
  loop_mode: string;
  loop_mode_set: number;
  directive: string | null;
  last_seen: number;
}

/** Build the panes repository over an open, migrated connection. */
export function createPanesRepo(db: Db): PanesRepo {
  const selectOne = db.prepare<[string], PaneRow>('SELECT * FROM panes WHERE pane_key = ?');
  const selectAll = db.prepare<[], PaneRow>('SELECT * FROM panes ORDER BY pane_key');
  const insert = db.prepare(
    `INSERT INTO panes (pane_key, server, pane_id, target, runtime, pid, state, state_since,
       muted, ignored, enrolled, loop_mode, loop_mode_set, directive, last_seen)
     VALUES (@paneKey, @server, @paneId, @target, @runtime, @pid, 'unknown', @at,
       @muted, @ignored, @enrolled, @loopMode, @loopModeExplicit, @directive, @at)`,
  );
  const updateSeen = db.prepare(
    `UPDATE panes SET server = @server, pane_id = @paneId, target = @target, runtime = @runtime,
       pid = @pid, last_seen = @at WHERE pane_key = @paneKey`,
  );
  const updateState = db.prepare('UPDATE panes SET state = ?, state_since = ? WHERE pane_key = ?');
  const updateSettings = db.prepare(
    `UPDATE panes SET muted = @muted, ignored = @ignored, enrolled = @enrolled, loop_mode = @loopMode,
       loop_mode_set = @loopModeExplicit, directive = @directive WHERE pane_key = @paneKey`,
  );
  const hasItem = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM items WHERE pane_key = ?');
  const remove = db.prepare('DELETE FROM panes WHERE pane_key = ?');

  // Every queue read and every observer tick reads the panes; rows are read again only after they were written.
  const cache = new RowCache<Pane>(db, {
    all: () => selectAll.all().map(fromRow),
    one: (paneKey) => {
      const row = selectOne.get(paneKey);
      return row ? fromRow(row) : null;
    },
    keyOf: (pane) => pane.paneKey,
    order: (a, b) => compareBinary(a.paneKey, b.paneKey),
  });

  const mustGet = (paneKey: PaneKey): Pane => {
    const row = selectOne.get(paneKey);
    if (!row) throw new Error(`Unknown pane ${paneKey}`);
    return fromRow(row);
  };

  return {
    observe: (seen, settings = {}) =>
      atomically(db, () => {
        const row = selectOne.get(seen.paneKey);
        if (!row) {
          const s = withSettings(DEFAULT_SETTINGS, settings);
          cache.touch(seen.paneKey);
          insert.run({ ...seen, ...s, ...bits(s) });
          return 'inserted';
        }
        const same =
          row.server === seen.server &&
          row.pane_id === seen.paneId &&
          row.target === seen.target &&
          row.runtime === seen.runtime &&
          row.pid === seen.pid;
        if (same && seen.at - row.last_seen < LAST_SEEN_GRANULARITY_MS) return 'unchanged';
        cache.touch(seen.paneKey);
        updateSeen.run({ ...seen, at: Math.max(seen.at, row.last_seen) });
        return 'updated';
      }),
    setState: (paneKey, state, since) =>
      atomically(db, () => {
        if (mustGet(paneKey).state === state) return false;
        cache.touch(paneKey);
        updateState.run(state, since, paneKey);
        return true;
      }),
    setSettings: (paneKey, patch) =>
      atomically(db, () => {
        const current = mustGet(paneKey);
        const next = withSettings(settingsOf(current), patch);
        if (sameSettings(settingsOf(current), next)) return false;
        cache.touch(paneKey);
        updateSettings.run({ paneKey, ...next, ...bits(next) });
        return true;
      }),
    get: (paneKey) => cache.get(paneKey),
    list: () => cache.list(),
    forget: (paneKey) =>
      atomically(db, () => {
        if (hasItem.get(paneKey)) return false;
        cache.touch(paneKey);
        return remove.run(paneKey).changes > 0;
      }),
  };
}

/** The settings as stored: the user's, plus whether the loop mode was ever chosen. */
type StoredSettings = PaneSettings & Pick<Pane, 'loopModeExplicit'>;

const DEFAULT_SETTINGS: StoredSettings = {
  muted: false,
  ignored: false,
  enrolled: false,
  loopMode: 'paused',
  loopModeExplicit: false,
  directive: null,
};

/** Apply a patch; a given loop mode (even the default 'paused') is the user's choice from then on. */
function withSettings(current: StoredSettings, patch: Partial<PaneSettings>): StoredSettings {
  const given = definedOnly(patch);
  return { ...current, ...given, loopModeExplicit: current.loopModeExplicit || given.loopMode !== undefined };
}

function bits(s: StoredSettings) {
  return { muted: toBit(s.muted), ignored: toBit(s.ignored), enrolled: toBit(s.enrolled), loopModeExplicit: toBit(s.loopModeExplicit) };
}

function settingsOf(p: Pane): StoredSettings {
  return {
    muted: p.muted,
    ignored: p.ignored,
    enrolled: p.enrolled,
    loopMode: p.loopMode,
    loopModeExplicit: p.loopModeExplicit,
    directive: p.directive,
  };
}

function sameSettings(a: StoredSettings, b: StoredSettings): boolean {
  return (
    a.muted === b.muted &&
    a.ignored === b.ignored &&
    a.enrolled === b.enrolled &&
    a.loopMode === b.loopMode &&
    a.loopModeExplicit === b.loopModeExplicit &&
    a.directive === b.directive
  );
}

function fromRow(r: PaneRow): Pane {
  return {
    paneKey: r.pane_key,
    server: r.server,
    paneId: r.pane_id,
    target: r.target,
    runtime: r.runtime as RuntimeId,
    pid: r.pid,
    state: r.state as PaneState,
    stateSince: r.state_since,
    muted: r.muted === 1,
    ignored: r.ignored === 1,
    enrolled: r.enrolled === 1,
    loopMode: r.loop_mode as LoopMode,
    loopModeExplicit: r.loop_mode_set === 1,
    directive: r.directive,
    lastSeen: r.last_seen,
  };
}
