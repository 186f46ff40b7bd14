// Safety property of deny with a message: whatever the message (digits, `y`, CR, escape sequences,
// 10 kB, line breaks) and however the screen misbehaves (marker stuck, Tab opening nothing, a paste
// dropped, mangled or cut), no approve key is ever sent, no option is chosen by the message, the
// message reaches the pane only as one paste, and Enter goes only into a field that shows it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { denyWithMessage } from '../../../main/engine/actions/deny-with-message.ts';
import type { DenyMessageDeps } from '../../../main/engine/actions/deny-with-message.ts';
import type { PaneAccess, PaneLook } from '../../../main/engine/actions/types.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { runtimeById } from '../../../main/engine/runtimes/catalog.ts';
import { fingerprintOf } from '../../../main/engine/runtimes/common/fingerprint.ts';
import { approveKeyFor } from '../../../main/engine/runtimes/common/keys.ts';
import type { PermissionPrompt, RuntimeId, Screen } from '../../../main/engine/runtimes/types.ts';
import { seededRandom } from '../../support/seeded-random.ts';
import { CLAUDE_FIXTURES, loadCapture } from '../runtimes/claude/load-fixture.ts';
import type { JournalEntry } from './support/fake-panes.ts';
import { MemoryActionStore, SteppingClock } from './support/fake-panes.ts';

const claude = (name: string): PermissionPrompt => {
  const s = runtimeById('claude').classify(loadCapture(CLAUDE_FIXTURES, name));
  if (s.kind !== 'permission') throw new Error(name);
  return s;
};
const MARKED = claude('v2.1.332/deny-message-marker-on-4');
const FIELD = claude('v2.1.332/deny-message-field');

/** How the modelled screen misbehaves. */
interface Faults {
  readonly markerStuck: boolean;
  readonly tabOpensNothing: boolean;
  readonly paste: 'shown' | 'dropped' | 'mangled' | 'cut';
}

/** What the screen shows of a paste into a field, under a paste fault. */
function shownPaste(text: string, fault: Faults['paste']): string {
  if (fault === 'shown') return text.replace(/\s+/g, ' ');
  if (fault === 'dropped') return '';
  if (fault === 'cut') return text.slice(0, 20);
  return `${text.slice(0, 3)}X${text.slice(4)}`;
}

/**
 * A permission prompt as a state machine over a runtime's real parsed screen: keys and pastes are
 * journaled and acted on while the prompt is up; everything chosen is recorded in `chosen`, and a choice
 * ends the prompt (the pane goes idle).
 */
abstract class PromptModel implements PaneAccess {
  marker = 0;
  idle = false;
  readonly chosen: string[] = [];
  constructor(
    private readonly runtime: RuntimeId,
    private readonly journal: JournalEntry[],
    protected readonly faults: Faults,
  ) {}

  protected abstract prompt(): Screen;
  protected abstract key(key: string): void;
  protected abstract paste(text: string): void;

  async look(): Promise<PaneLook> {
    const screen: Screen = this.idle ? { kind: 'idle', runtime: this.runtime, draft: '' } : this.prompt();
    return { kind: 'screen', runtime: runtimeById(this.runtime), screen };
  }

  async sendKeys(_pane: string, keys: readonly string[]): Promise<void> {
    this.journal.push({ op: 'keys', keys: [...keys] });
    for (const key of keys) if (!this.idle) this.key(key);
  }

  async pasteText(_pane: string, text: string): Promise<void> {
    this.journal.push({ op: 'paste', text });
    if (!this.idle) this.paste(text);
  }

  protected move(key: string, last: number): boolean {
    if (key !== 'Down' && key !== 'Up') return false;
    if (!this.faults.markerStuck) this.marker = key === 'Down' ? Math.min(last, this.marker + 1) : Math.max(0, this.marker - 1);
    return true;
  }

  protected choose(what: string): void {
    this.chosen.push(what);
    this.idle = true;
  }
}

/**
 * Claude's Bash prompt: Up/Down move the marker, Tab on No opens the field (Tab on Yes is recorded as the
 * amend of an approval), a paste goes into an open field, Enter or a digit chooses.
 */
class ClaudeModel extends PromptModel {
  field: string | null = null;
  constructor(journal: JournalEntry[], faults: Faults) {
    super('claude', journal, faults);
  }

  protected prompt(): Screen {
    if (this.field !== null) {
      const label = this.field === '' ? FIELD.options[3]!.label : `No, ${this.field}`;
      return { ...FIELD, options: FIELD.options.map((o, i) => (i === 3 ? { ...o, label } : o)) };
    }
    const { amendKey: _drop, ...rest } = MARKED;
    return { ...rest, highlighted: this.marker, ...(this.marker === 0 || this.marker === 3 ? { amendKey: 'Tab' as const } : {}) };
  }

  protected key(key: string): void {
    if (this.field !== null) {
      if (key === 'C-u') this.field = '';
      else if (key === 'Enter') this.choose(this.field === '' ? 'No (empty field)' : `No, ${this.field}`);
      else if (key === 'Escape') this.choose('Escape');
      return;
    }
    if (this.move(key, 3)) return;
    if (key === 'Tab') {
      if (this.marker !== 3) this.chosen.push(`amend of ${MARKED.options[this.marker]!.label}`);
      else if (!this.faults.tabOpensNothing) this.field = '';
    } else if (key === 'Enter') this.choose(MARKED.options[this.marker]!.label);
    else if (/^[1-4]$/.test(key)) this.choose(MARKED.options[Number(key) - 1]!.label);
    else if (key === 'Escape') this.choose('Escape');
  }

  protected override choose(what: string): void {
    super.choose(what);
    this.field = null;
  }

  protected paste(text: string): void {
    if (this.field !== null) this.field += shownPaste(text, this.faults.paste);
  }
}

const copilot = (name: string): PermissionPrompt => {
  const s = runtimeById('copilot').classify(loadCapture(join(import.meta.dirname, '../../fixtures/panes/copilot'), name));
  if (s.kind !== 'permission') throw new Error(name);
  return s;
};
/** Copilot CLI 1.0.102's Create prompt: 1. Yes / 2. Yes, and don't ask again… (always) / 3. No, and tell Copilot… */
const COPILOT_WRITE = copilot('perm-write');
const COPILOT_ROW = 2;
const COPILOT_PLACEHOLDER = COPILOT_WRITE.options[COPILOT_ROW]!.label;

/**
 * Copilot's Create prompt (deny-message-field-*): Up/Down move the marker, on the message row a paste
 * replaces the label with the text (`<text> (Esc to stop)`), C-u empties it, Enter chooses the marked row
 * (on the message row with text: "No, <text>"), a digit 1/2 chooses its row, 3 only moves the marker,
 * Escape cancels. A paste off the message row is recorded as a choice (the worst case: keys to the menu).
 */
class CopilotModel extends PromptModel {
  text = '';
  constructor(journal: JournalEntry[], faults: Faults) {
    super('copilot', journal, faults);
  }

  protected prompt(): Screen {
    const label = this.text === '' ? COPILOT_PLACEHOLDER : `${this.text} (Esc to stop)`;
    const options = COPILOT_WRITE.options.map((o, i) => (i === COPILOT_ROW ? { ...o, label } : o));
    return { ...COPILOT_WRITE, highlighted: this.marker, options };
  }

  protected key(key: string): void {
    if (this.move(key, COPILOT_ROW)) return;
    const onRow = this.marker === COPILOT_ROW;
    if (key === 'C-u' && onRow) this.text = '';
    else if (key === 'Enter')
      this.choose(!onRow ? COPILOT_WRITE.options[this.marker]!.label : this.text === '' ? 'No (empty field)' : `No, ${this.text}`);
    else if (key === '1' || key === '2') this.choose(COPILOT_WRITE.options[Number(key) - 1]!.label);
    else if (key === '3') this.marker = COPILOT_ROW;
    else if (key === 'Escape') this.choose('Escape');
  }

  protected paste(text: string): void {
    if (this.marker !== COPILOT_ROW) this.choose(`paste outside the field: ${text.slice(0, 20)}`);
    else this.text += shownPaste(text, this.faults.paste);
  }
}

const NASTY = [
  '1',
  '2',
  'y',
  'yes',
  '3. Yes',
  'Enter',
  '\r',
  '1\r',
  'a\u001b[B\u001b[B\r',
  '\u001b[201~1',
  '\u009b1~',
  'x\u0000y',
  'x'.repeat(10_240),
  'one\ntwo\n1',
  '\t2',
];

function randomMessage(rand: () => number): string {
  if (rand() < 0.4) return NASTY[Math.floor(rand() * NASTY.length)]!;
  const alphabet = ['1', '2', '3', '4', 'y', 'n', ' ', '\r', '\n', '\u001b', '[', 'B', 'a', 'é', '\t', '~', '\u0003'];
  const n = 1 + Math.floor(rand() * 40);
  return Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
}

function deps(panes: PaneAccess, journal: JournalEntry[]): DenyMessageDeps {
  const clock = new SteppingClock();
  return { store: new MemoryActionStore(journal), panes, settled: panes, clock, logger: new MemoryLogger(), claimant: 'engine-1' };
}

const item = (screen: PermissionPrompt) => ({ id: 'item-1', paneKey: 'default|%1', fingerprint: fingerprintOf(screen) });

describe('deny with a message never approves and never lets the message choose (property)', () => {
  /**
   * 400 random messages against `makeModel` under random faults: only `allowedKeys` are sent, nothing but a
   * No is chosen, the message is at most one paste of exactly itself, and a confirmed field delivery means
   * the field chose `No, <message>` (the input-prompt path, which starts with Escape, is checked elsewhere).
   */
  async function property(
    seed: number,
    makeModel: (journal: JournalEntry[], faults: Faults) => PromptModel,
    allowedKeys: string[],
    tab: boolean,
  ) {
    const rand = seededRandom(seed);
    const outcomes = new Map<string, number>();
    for (let run = 0; run < 400; run++) {
      const message = randomMessage(rand);
      const faults: Faults = {
        markerStuck: rand() < 0.15,
        tabOpensNothing: tab && rand() < 0.15,
        paste: (['shown', 'shown', 'dropped', 'mangled', 'cut'] as const)[Math.floor(rand() * 5)]!,
      };
      const journal: JournalEntry[] = [];
      const model = makeModel(journal, faults);
      const start = await model.look();
      const result = await denyWithMessage(deps(model, journal), item((start as { screen: PermissionPrompt }).screen), message, 'cli');
      const keys = journal.flatMap((e) => (e.op === 'keys' ? e.keys : []));
      const pastes = journal.flatMap((e) => (e.op === 'paste' ? [e.text] : []));
      const context = JSON.stringify({ message: message.slice(0, 40), faults, keys, chosen: model.chosen, result });
      // No approve key, no y, no digit but the No's own: only navigation, the field's keys, and a No.
      for (const k of keys) expect(allowedKeys, context).toContain(k);
      // Nothing but a No was ever chosen; Tab never on a Yes row.
      for (const c of model.chosen) expect(c, context).toMatch(/^(No\b|Escape$)/);
      // The message reaches the pane only as one paste of exactly itself, never as keys.
      expect(
        pastes.every((p) => p === message),
        context,
      ).toBe(true);
      expect(pastes.length, context).toBeLessThanOrEqual(1);
      // Confirmed through the field only when it took exactly the message (whitespace aside) and Enter followed.
      const sentNo = model.chosen.filter((c) => c.startsWith('No, '));
      if (result.outcome === 'confirmed' && keys[0] !== 'Escape')
        expect(
          sentNo.some((c) => c.replace(/\s+/g, ' ') === `No, ${message}`.replace(/\s+/g, ' ')),
          context,
        ).toBe(true);
      else if (result.outcome !== 'confirmed') expect(sentNo, context).toEqual([]);
      outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
    }
    // The runs cover delivery as well as every refusal: a property that only ever refused would prove little.
    expect(outcomes.get('confirmed') ?? 0).toBeGreaterThan(20);
    expect(outcomes.get('changed') ?? 0).toBeGreaterThan(20);
    expect(outcomes.get('refused') ?? 0).toBeGreaterThan(20);
  }

  it('Claude: over 400 random messages and screen faults', () =>
    property(31, (j, f) => new ClaudeModel(j, f), ['Down', 'Up', 'Tab', 'Enter', 'C-u', '4', 'Escape'], true));

  // Never the message row's digit, no Tab: only the marker, the field's keys, Escape (the long-message path's deny).
  it('Copilot: over 400 random messages and screen faults', () =>
    property(102, (j, f) => new CopilotModel(j, f), ['Down', 'Up', 'Enter', 'C-u', 'Escape'], false));

  it.each<[RuntimeId, string, string]>([
    ['codex', 'approval-exec', '3'],
    ['opencode', 'approval-bash', 'Escape'],
    ['gemini', 'perm-shell', '3'],
    ['gemini', 'perm-edit', '4'],
    ['qwen', 'perm-shell', '4'],
    ['qwen', 'perm-edit', '3'],
    ['copilot', 'perm-read', '4'],
  ])('%s: the only key before the text is the deny key, whatever the message', async (runtime, capture, denyKey) => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const base = join(import.meta.dirname, '../../fixtures/panes', runtime, capture);
    const lines = (p: string) => readFileSync(p, 'utf8').replace(/\n$/, '').split('\n');
    const prompt = runtimeById(runtime).classify({ lines: lines(`${base}.txt`), ansiLines: lines(`${base}.ansi`) }) as PermissionPrompt;
    // The deny key is the prompt's No, never a key that could approve or choose any other row.
    expect(denyKey).not.toBe(approveKeyFor(prompt));
    expect(prompt.options.filter((o) => o.key === denyKey).every((o) => o.kind === 'deny')).toBe(true);
    const rand = seededRandom(7);
    let confirmed = 0;
    for (let run = 0; run < 120; run++) {
      const message = randomMessage(rand);
      const journal: JournalEntry[] = [];
      let denied = false;
      let draft = '';
      const panes: PaneAccess = {
        look: async () => ({
          kind: 'screen',
          runtime: runtimeById(runtime),
          screen: denied ? { kind: 'idle', runtime, draft } : prompt,
        }),
        sendKeys: async (_p, keys) => {
          journal.push({ op: 'keys', keys: [...keys] });
          for (const k of keys) {
            if (!denied) {
              expect(k, message).toBe(denyKey);
              denied = true;
            } else if (k === 'C-u' || k === 'Enter') draft = '';
          }
        },
        pasteText: async (_p, text) => {
          journal.push({ op: 'paste', text });
          draft += text;
        },
      };
      const result = await denyWithMessage(deps(panes, journal), item(prompt), message, 'cli');
      const keys = journal.flatMap((e) => (e.op === 'keys' ? e.keys : []));
      if (keys.length > 0) expect(keys[0]).toBe(denyKey);
      for (const k of keys.slice(1)) expect(['C-u', 'Enter']).toContain(k);
      expect(journal.filter((e) => e.op === 'paste').every((e) => e.op === 'paste' && e.text === message)).toBe(true);
      if (result.outcome === 'refused') expect(keys).toEqual([]);
      if (result.outcome === 'confirmed') confirmed++;
    }
    // The path is taken, not refused: a property that only ever refused would prove little.
    expect(confirmed).toBeGreaterThan(20);
  });
});
