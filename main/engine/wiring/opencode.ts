/**
 * Wiring step 7c: opencode heard through its own event bus (our plugin, installed by `trailboss hooks
 * install --runtime opencode`), fused into the truth's facts like Claude's hooks; its route sits beside
 * Claude's and Codex's on the loopback endpoint.
 */
import type { PaneObserver } from '../observe/observer.ts';
import type { ProcessTable } from '../platform/process-table.ts';
import type { Fact } from '../sessions/facts.ts';
import { OpencodeFusion } from '../truth/opencode-fusion.ts';
import type { Foundation } from './foundation.ts';

/** Fusion of opencode plugin deliveries into facts for `onFacts`. */
export function buildOpencodeFusion(
  f: Foundation,
  observer: PaneObserver,
  processTable: ProcessTable,
  onFacts: (facts: Fact[]) => void,
): OpencodeFusion {
  return new OpencodeFusion({ observer, logger: f.logger, processTable, apply: onFacts });
}
