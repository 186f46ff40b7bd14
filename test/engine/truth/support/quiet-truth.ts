/** Test helper: a PaneTruth over a real store with the default rules and no listeners (reminders, events, queue). */
import { EngineEvents } from '../../../../main/engine/api/events.ts';
import type { Clock } from '../../../../main/engine/platform/clock.ts';
import type { Logger } from '../../../../main/engine/platform/log.ts';
import { DEFAULT_STATE_MACHINE_CONFIG } from '../../../../main/engine/sessions/pane-state.ts';
import type { Store } from '../../../../main/engine/store/index.ts';
import { PaneTruth } from '../../../../main/engine/truth/pane-truth.ts';
import { policyFor } from '../../../../main/engine/truth/policy.ts';

/** A truth on `store` whose only effects are the store's rows: 8 h expiry, stored policy, nothing announced. */
export function quietTruth(parts: {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly events?: EngineEvents;
}): PaneTruth {
  return new PaneTruth({
    store: parts.store,
    clock: parts.clock,
    logger: parts.logger,
    events: parts.events ?? new EngineEvents(parts.logger),
    machineConfig: () => DEFAULT_STATE_MACHINE_CONFIG,
    expiryMs: () => 8 * 3600_000,
    policy: (pane) => policyFor(pane),
    reminders: { upsert: () => {}, remove: () => {} },
    onQueueChanged: () => {},
    onItem: () => {},
  });
}
