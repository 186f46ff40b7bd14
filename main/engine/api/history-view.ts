/** Activity (how long each agent waited, on what) and the audit log, as DTOs. */
import { hostOfPaneKey } from '../hosts/host-spec.ts';
import type { ActivityDto, AuditEntryDto, AuditOriginDto } from '../../../preload/contract/activity.ts';
import type { OutcomeKindDto } from '../../../preload/contract/queue-item.ts';
import type { AuditEntry, Store, Surface } from '../store/index.ts';
import { reasonOfKind } from '../truth/item-mapping.ts';

/** Waits overlapping [since, now], grouped per agent. */
export function activityDto(store: Store, since: number, now: number): ActivityDto {
  const panes = new Map(store.panes.list().map((p) => [p.paneKey, p]));
  const byPane = new Map<string, ActivityDto['agents'][number]>();
  for (const w of store.history.list({ since, until: now })) {
    const pane = panes.get(w.paneKey);
    const entry = byPane.get(w.paneKey) ?? {
      paneKey: w.paneKey,
      target: pane?.target ?? w.paneKey,
      runtime: pane?.runtime ?? 'claude',
      waits: [],
    };
    byPane.set(w.paneKey, { ...entry, waits: [...entry.waits, { start: w.startedAt, end: w.endedAt, reason: reasonOfKind(w.reason) }] });
  }
  return { since, until: now, agents: [...byPane.values()] };
}

const ORIGIN: Record<Surface, AuditOriginDto> = {
  cli: 'cli',
  tui: 'tui',
  tray: 'tray',
  queue: 'window',
  notification: 'notification',
  hotkey: 'hotkey',
  watchdog: 'watchdog',
  api: 'browser',
  engine: 'restart',
  telegram: 'telegram',
  slack: 'slack',
};

const OUTCOMES: readonly OutcomeKindDto[] = ['confirmed', 'unconfirmed', 'changed', 'gone', 'refused'];

function auditDto(e: AuditEntry, target: string, completed: ReadonlyMap<number, string>): AuditEntryDto {
  const isText = e.action === 'text' || e.action === 'paste' || e.action === 'nudge' || e.action === 'wake';
  return {
    id: e.id,
    at: e.at,
    paneKey: e.paneKey,
    host: hostOfPaneKey(e.paneKey),
    target,
    keys: isText ? [] : e.payload.split(' ').filter(Boolean),
    text: isText ? e.payload : null,
    why: e.reason,
    origin: ORIGIN[e.surface],
    itemId: e.itemId,
    outcome: outcomeOf(completed.get(e.id) ?? e.outcome),
  };
}

function outcomeOf(text: string | null | undefined): OutcomeKindDto | null {
  return (OUTCOMES as readonly string[]).includes(text ?? '') ? (text as OutcomeKindDto) : null;
}

/** Newest first; `before` pages back. Outcome rows are folded into the key rows they complete. */
export function auditDtos(store: Store, limit: number, before: number | null): AuditEntryDto[] {
  const panes = new Map(store.panes.list().map((p) => [p.paneKey, p.target]));
  const entries = store.audit.list({ limit: Math.max(1, Math.min(500, limit)) * 2, ...(before !== null ? { beforeId: before } : {}) });
  const completed = new Map(entries.filter((e) => e.action === 'outcome' && e.ref !== null).map((e) => [e.ref as number, e.outcome ?? '']));
  return entries
    .filter((e) => e.action !== 'outcome')
    .slice(0, Math.max(1, Math.min(500, limit)))
    .map((e) => auditDto(e, panes.get(e.paneKey) ?? e.paneKey, completed));
}
