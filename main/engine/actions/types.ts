/** What actions need from the rest of the engine (narrow collaborators), and what they answer. */
import type { PaneKey } from '../sessions/facts.ts';
import type { RuntimeModule, Screen } from '../runtimes/types.ts';

/** Which surface asked for an action (recorded in the audit log). */
export type Surface = 'cli' | 'tui' | 'tray' | 'queue' | 'notification' | 'hotkey' | 'watchdog' | 'api' | 'engine' | 'telegram' | 'slack';

/** The result of an action, as every surface shows it. */
export type ActionResult =
  | { readonly outcome: 'confirmed'; readonly message: string; readonly sent: readonly string[] }
  | { readonly outcome: 'unconfirmed'; readonly message: string; readonly sent: readonly string[] }
  | { readonly outcome: 'changed'; readonly message: string }
  | { readonly outcome: 'gone'; readonly message: string }
  | { readonly outcome: 'refused'; readonly message: string };

export type ActionOutcome = ActionResult['outcome'];

/** The item an action targets, as stored. */
export interface ActionItem {
  readonly id: string;
  readonly paneKey: PaneKey;
  readonly fingerprint: string | null;
}

/** One line of the audit log, appended before any byte reaches a pane. */
export interface AuditRecord {
  readonly paneKey: PaneKey;
  readonly runtime: string;
  readonly action: 'key' | 'text' | 'paste' | 'nudge' | 'dismiss' | 'restart' | 'wake';
  readonly payload: string;
  readonly reason: string;
  readonly surface: Surface;
  readonly itemId: string | null;
  readonly outcome: string;
}

/** Persistence the actions rely on. `claim` must be atomic across processes. */
export interface ActionStore {
  claim(itemId: string, claimant: string): boolean;
  release(itemId: string, claimant: string): void;
  /** Audit the key and mark the item as sent in one transaction, before sending. */
  recordSend(itemId: string | null, audit: AuditRecord): void;
  appendAudit(audit: AuditRecord): void;
  /** Complete the last key record of an item with how it ended (the log is append-only: a new row refers to it). */
  recordOutcome(itemId: string, outcome: 'confirmed' | 'unconfirmed' | 'gone'): void;
  /** Key records still waiting for their outcome row (diagnostics: bounded by the panes). */
  pendingOutcomes?(): number;
  /** A pane went: a key record there that no running action will complete is dropped (not the audit row). */
  forgetPane?(paneKey: string): void;
  resolve(itemId: string, how: 'approved' | 'denied' | 'replied', by: Surface): void;
}

/** A fresh look at a pane, taken right before and after sending. */
export type PaneLook = { readonly kind: 'screen'; readonly screen: Screen; readonly runtime: RuntimeModule } | { readonly kind: 'gone' };

/** A look the observer proved, with when its capture was asked of tmux. */
export type ProvenPaneLook = PaneLook & { readonly requestedAt: number };

/** Live access to panes (the observer's tmux clients). */
export interface PaneAccess {
  /** Why the pane's host cannot be reached now ("host gpu unreachable since …"); null when it can. Absent: always reachable. */
  unreachable?(paneKey: PaneKey): string | null;
  look(paneKey: PaneKey): Promise<PaneLook>;
  /**
   * The next look at the pane that the observer proves anyway (with tmux's change signal it looks twice
   * after every change), from a capture asked of tmux after `after`; null when none comes within
   * `withinMs` (a polled server answers null at once). Absent: there is no such observer.
   */
  provenLook?(paneKey: PaneKey, after: number, withinMs: number): Promise<ProvenPaneLook | null>;
  sendKeys(paneKey: PaneKey, keys: readonly string[]): Promise<void>;
  pasteText(paneKey: PaneKey, text: string): Promise<void>;
}
