// Rules guarded: text is typed only at an idle input prompt (an injected "continue⏎" on a permission
// prompt would approve it); the audit comes before any key; Enter is withheld if the screen changed
// while typing; a draft is not clobbered when asked; text waits a second after an Escape.
import { describe, expect, it } from 'vitest';
import type { TypeTextDeps, TypeTextRequest } from '../../../main/engine/actions/type-text.ts';
import { ESCAPE_PAUSE_MS, SETTLE_MAX_MS, typeIntoIdle } from '../../../main/engine/actions/type-text.ts';
import { draftShowsText } from '../../../main/engine/actions/typed-text.ts';
import { runtimeById } from '../../../main/engine/runtimes/catalog.ts';
import type { Screen } from '../../../main/engine/runtimes/types.ts';
import type { JournalEntry } from './support/fake-panes.ts';
import { MemoryActionStore, ScriptedPanes, SteppingClock, claudePrompt, idle, keysSent, ops, working } from './support/fake-panes.ts';

const PANE = 'default|%2';
const request = (over: Partial<TypeTextRequest> = {}): TypeTextRequest => ({
  paneKey: PANE,
  text: 'continue with the tests',
  reason: 'reply',
  surface: 'queue',
  itemId: 'item-7',
  action: 'text',
  ...over,
});

function setup(screens: (Screen | 'gone')[], lastEscapeAt: number | null = null) {
  const journal: JournalEntry[] = [];
  const clock = new SteppingClock();
  const panes = new ScriptedPanes(journal, clock, screens);
  const deps: TypeTextDeps = { store: new MemoryActionStore(journal), panes, clock, lastEscapeAt: () => lastEscapeAt };
  return { journal, clock, deps };
}

describe('typeIntoIdle', () => {
  it('at an idle prompt: audits, clears the line, pastes, looks again, then Enter', async () => {
    const { journal, deps } = setup([idle(), idle('continue with the tests')]);
    const result = await typeIntoIdle(deps, request());
    expect(result.outcome).toBe('confirmed');
    expect(ops(journal)).toEqual(['look', 'audit', 'keys', 'paste', 'look', 'keys']);
    expect(keysSent(journal)).toEqual(['C-u', 'Enter']);
    expect(journal).toContainEqual({ op: 'paste', text: 'continue with the tests' });
  });

  it('waits out a CLI that takes an Enter right after a paste as a newline (Gemini CLI), then looks again before Enter', async () => {
    const geminiIdle = (draft = ''): Screen => ({ kind: 'idle', runtime: 'gemini', draft });
    const { journal, clock, deps } = setup([geminiIdle(), geminiIdle('continue with the tests'), geminiIdle('continue with the tests')]);
    const started = clock.now();
    const result = await typeIntoIdle(deps, request());
    expect(result.outcome).toBe('confirmed');
    expect(ops(journal)).toEqual(['look', 'audit', 'keys', 'paste', 'look', 'look', 'keys']);
    expect(clock.now() - started).toBeGreaterThanOrEqual(runtimeById('gemini').enterAfterPasteMs ?? 1);
  });

  it('withholds Enter when the second look after the wait is no longer idle', async () => {
    const geminiIdle = (draft = ''): Screen => ({ kind: 'idle', runtime: 'gemini', draft });
    const { journal, deps } = setup([geminiIdle(), geminiIdle('continue with the tests'), claudePrompt()]);
    expect((await typeIntoIdle(deps, request())).outcome).toBe('changed');
    expect(keysSent(journal)).toEqual(['C-u']);
  });

  it.each<[string, Screen]>([
    ['a permission prompt', claudePrompt()],
    ['a working agent', working],
  ])('types nothing at %s', async (_what, screen) => {
    const { journal, deps } = setup([screen]);
    expect((await typeIntoIdle(deps, request())).outcome).toBe('refused');
    expect(ops(journal)).toEqual(['look']);
  });

  it('types nothing into a pane that is gone', async () => {
    const { journal, deps } = setup(['gone']);
    expect((await typeIntoIdle(deps, request())).outcome).toBe('gone');
    expect(ops(journal)).toEqual(['look']);
  });

  it('withholds Enter when a prompt appeared while pasting, and audits that', async () => {
    const { journal, deps } = setup([idle(), claudePrompt()]);
    const result = await typeIntoIdle(deps, request());
    expect(result.outcome).toBe('changed');
    expect(keysSent(journal)).toEqual(['C-u']);
    expect(journal.at(-1)).toMatchObject({ op: 'audit', record: { payload: '(Enter withheld)' } });
  });

  it('does not clobber a draft when asked not to', async () => {
    const { journal, deps } = setup([idle('half a sentence')]);
    expect((await typeIntoIdle(deps, request({ refuseOverDraft: true }))).outcome).toBe('refused');
    expect(ops(journal)).toEqual(['look']);
  });

  it('refuses empty text without looking', async () => {
    const { journal, deps } = setup([idle()]);
    expect((await typeIntoIdle(deps, request({ text: '  \n' }))).outcome).toBe('refused');
    expect(journal).toEqual([]);
  });

  it('waits until a second after an Escape before the first look (Esc+char reads as Meta)', async () => {
    const clock0 = 1_000_000;
    const { journal, deps } = setup([idle()], clock0 - 200);
    await typeIntoIdle(deps, request());
    const first = journal[0];
    expect(first?.op).toBe('look');
    expect(first?.op === 'look' && first.at).toBeGreaterThanOrEqual(clock0 - 200 + ESCAPE_PAUSE_MS);
  });
});

describe('typeIntoIdle presses Enter only when the input box shows the pasted text', () => {
  it.each<[string, string]>([
    ['an empty box (the paste went elsewhere)', ''],
    ['part of the text', 'continue with'],
    ['other text', 'rm -rf ~'],
  ])('with %s: audits and sends C-u, no Enter, and says so', async (_what, draft) => {
    const { journal, deps } = setup([idle(), idle(draft)]);
    const result = await typeIntoIdle(deps, request());
    expect(result).toMatchObject({ outcome: 'changed', message: expect.stringMatching(/did not show the typed text.*Enter was not sent/) });
    expect(keysSent(journal)).toEqual(['C-u', 'C-u']);
    expect(ops(journal).slice(-2)).toEqual(['audit', 'keys']);
  });

  it('waits for the agent to draw the paste on a later frame, then Enter', async () => {
    // opencode and Ink draw a paste on their next frame: the first looks still show the empty box.
    const { journal, deps } = setup([idle(), idle(), idle(), idle(), idle('continue with the tests')]);
    expect((await typeIntoIdle(deps, request())).outcome).toBe('confirmed');
    expect(keysSent(journal)).toEqual(['C-u', 'Enter']);
  });

  it('gives up when the box never shows the text: clears it, no Enter, says what it showed', async () => {
    const { journal, clock, deps } = setup([idle(), idle('something else')]);
    const started = clock.now();
    const result = await typeIntoIdle(deps, request());
    expect(result).toMatchObject({ outcome: 'changed', message: expect.stringContaining('"something else"') });
    expect(keysSent(journal)).toEqual(['C-u', 'C-u']);
    expect(clock.now() - started).toBeGreaterThanOrEqual(SETTLE_MAX_MS);
  });

  it('accepts the text wrapped over several lines of the box', async () => {
    const { journal, deps } = setup([idle(), idle('continue with\nthe tests')]);
    expect((await typeIntoIdle(deps, request())).outcome).toBe('confirmed');
    expect(keysSent(journal)).toEqual(['C-u', 'Enter']);
  });
});

describe('draftShowsText', () => {
  const long = 'Please save a restart snapshot of this session now, then wait for the restart to begin.';
  it.each<[string, string, string, string, boolean]>([
    ['the same text', 'fix the tests', 'fix the tests', 'claude', true],
    ['the text wrapped', 'fix the\n  tests', 'fix the tests', 'codex', true],
    ['an empty box', '', 'fix the tests', 'claude', false],
    ['a short prefix', 'fix', 'fix the tests', 'claude', false],
    ['other text', 'rm -rf ~', 'fix the tests', 'claude', false],
    ['the beginning of a long text, cut at the edge', long.slice(0, 50), long, 'claude', true],
    ['the end of a long text, scrolled', long.slice(-55), long, 'opencode', true],
    ["Claude's paste placeholder for a long text", '[Pasted text #1 +12 lines]', `${long}\n${long}`, 'claude', true],
    ['a placeholder for a short text', '[Pasted text #1]', 'hi', 'claude', false],
    ['a placeholder from a runtime that has none', '[Pasted text #1 +12 lines]', `${long}\n${long}`, 'auggie', false],
  ])('%s → %s', (_what, draft, text, runtime, expected) => {
    expect(draftShowsText(draft, text, runtime)).toBe(expected);
  });
});
