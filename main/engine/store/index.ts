/** The store's public surface: open it, use its repositories, react to StoreError kinds. */
export { openStore, type OpenStoreOptions } from './open-store.ts';
export type { Store, StorePragmas } from './store.ts';
export { StoreError, type StoreErrorKind } from './errors.ts';
export type { PanesRepo, PaneObservation } from './panes-repo.ts';
export type { ItemsRepo, NewItem } from './items-repo.ts';
export type { ResolvedRepo } from './resolved-repo.ts';
export type { WatchdogRepo } from './watchdog-repo.ts';
export type { AuditRepo, AuditQuery, NewAuditEntry } from './audit-repo.ts';
export type { HooksRepo } from './hooks-repo.ts';
export type { HistoryRepo } from './history-repo.ts';
export type { PhoneRepo, PhonePairing, PhoneMessage, PhoneToken, PhoneAction, TokenAction, PhoneAsk, PressClaim } from './phone-repo.ts';
export type { SlackRepo, SlackPairing, SlackMessage, SlackToken, SlackPressClaim } from './slack-repo.ts';
export type { ChatRows } from './chat-rows.ts';
export { isItemId } from './item-id.ts';
export * from './types.ts';
export type { RetentionPolicy, RetentionRepo } from './retention.ts';
export { STORE_TABLES, cutoffFor } from './retention.ts';
export { Pruner, pruneStep, type PruneCounts } from './pruner.ts';
