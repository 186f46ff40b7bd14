/**
 * Fakes for the action modules' unit tests: panes that show a scripted sequence of screens, a store
 * that keeps claims and audit rows in memory, a clock that lets time pass at once. All three write
 * to one ordered journal, so a test can check what happened before what (audit before key).
 */
import type { ActionStore, AuditRecord, PaneAccess, PaneLook } from '../../../../main/engine/actions/types.ts';
import type { Clock } from '../../../../main/engine/platform/clock.ts';
import { runtimeById } from '../../../../main/engine/runtimes/catalog.ts';
import type { PermissionPrompt, Screen } from '../../../../main/engine/runtimes/types.ts';
import { CLAUDE_FIXTURES, loadCapture } from '../../runtimes/claude/load-fixture.ts';

/** One thing that happened, in order. */
export type JournalEntry =
  | { readonly op: 'look'; readonly at: number }
  | { readonly op: 'keys'; readonly keys: readonly string[] }
  | { readonly op: 'paste'; readonly text: string }
  | { readonly op: 'audit'; readonly record: AuditRecord }
  | { readonly op: 'outcome'; readonly outcome: string }
  | { readonly op: 'resolve'; readonly how: string };

/** A Claude permission prompt parsed from a real capture (`perm-bash`: 1 once, 2/3 always, 4 deny). */
export function claudePrompt(fixture = 'perm-bash'): PermissionPrompt {
  const screen = runtimeById('claude').classify(loadCapture(CLAUDE_FIXTURES, fixture));
  if (screen.kind !== 'permission') throw new Error(`${fixture} is not a permission prompt`);
  return screen;
}

/** Claude idle at its input prompt, with `draft` typed. */
export const idle = (draft = ''): Screen => ({ kind: 'idle', runtime: 'claude', draft });

/** Claude working. */
export const working: Screen = { kind: 'working', runtime: 'claude', indicator: '· Seasoning… (2s)' };

/** Time that passes the moment anyone waits: `setTimeout(fn, ms)` moves `now` by `ms` and runs `fn` soon. */
export class SteppingClock implements Clock {
  constructor(public current = 1_000_000) {}
  now(): number {
    return this.current;
  }
  setTimeout(fn: () => void, ms: number) {
    let cancelled = false;
    this.current += Math.max(0, ms);
    setImmediate(() => cancelled || fn());
    return { cancel: () => (cancelled = true) };
  }
}

/**
 * Panes showing `screens` one look at a time (the last one repeats); `'gone'` is a vanished pane.
 * `afterKeys` replaces the script once a key is sent (what the agent shows after the answer).
 */
export class ScriptedPanes implements PaneAccess {
  private script: (Screen | 'gone')[];
  private afterKeysScript: (Screen | 'gone')[] | null = null;
  failSend: Error | null = null;

  constructor(
    private readonly journal: JournalEntry[],
    private readonly clock: Clock,
    screens: (Screen | 'gone')[],
  ) {
    this.script = [...screens];
  }

  /** After the next key, the pane shows these looks instead. */
  afterKeys(screens: (Screen | 'gone')[]): this {
    this.afterKeysScript = [...screens];
    return this;
  }

  async look(): Promise<PaneLook> {
    this.journal.push({ op: 'look', at: this.clock.now() });
    const next = this.script.length > 1 ? this.script.shift()! : this.script[0]!;
    return next === 'gone' ? { kind: 'gone' } : { kind: 'screen', screen: next, runtime: runtimeById(next.runtime) };
  }

  async sendKeys(_pane: string, keys: readonly string[]): Promise<void> {
    if (this.failSend) throw this.failSend;
    this.journal.push({ op: 'keys', keys: [...keys] });
    if (this.afterKeysScript) this.script = this.afterKeysScript;
  }

  async pasteText(_pane: string, text: string): Promise<void> {
    this.journal.push({ op: 'paste', text });
  }
}

/** An in-memory ActionStore: one claimant per item at a time, audit rows in the journal. */
export class MemoryActionStore implements ActionStore {
  readonly claims = new Map<string, string>();

  constructor(private readonly journal: JournalEntry[]) {}

  claim(itemId: string, claimant: string): boolean {
    if (this.claims.has(itemId)) return false;
    this.claims.set(itemId, claimant);
    return true;
  }
  release(itemId: string, claimant: string): void {
    if (this.claims.get(itemId) === claimant) this.claims.delete(itemId);
  }
  recordSend(_itemId: string | null, audit: AuditRecord): void {
    this.journal.push({ op: 'audit', record: audit });
  }
  appendAudit(audit: AuditRecord): void {
    this.journal.push({ op: 'audit', record: audit });
  }
  recordOutcome(_itemId: string, outcome: 'confirmed' | 'unconfirmed'): void {
    this.journal.push({ op: 'outcome', outcome });
  }
  resolve(_itemId: string, how: 'approved' | 'denied' | 'replied'): void {
    this.journal.push({ op: 'resolve', how });
  }
}

/** Every key sent, in order. */
export const keysSent = (journal: readonly JournalEntry[]): string[] => journal.flatMap((e) => (e.op === 'keys' ? e.keys : []));

/** The journal's operations, without their details. */
export const ops = (journal: readonly JournalEntry[]): string[] => journal.map((e) => e.op);
