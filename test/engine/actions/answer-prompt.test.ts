// Rules guarded: approve sends only the single-use option's key, once; deny never says yes; a key
// reaches only the prompt the user saw (fresh look + fingerprint compare before any key); every key
// is audited before it is sent; a key is never resent; the claim is released whatever happens.
import { describe, expect, it } from 'vitest';
import type { AnswerDeps } from '../../../main/engine/actions/answer-prompt.ts';
import { answerPrompt } from '../../../main/engine/actions/answer-prompt.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { fingerprintOf } from '../../../main/engine/runtimes/common/fingerprint.ts';
import type { Screen } from '../../../main/engine/runtimes/types.ts';
import type { JournalEntry } from './support/fake-panes.ts';
import { MemoryActionStore, ScriptedPanes, SteppingClock, claudePrompt, idle, keysSent, ops } from './support/fake-panes.ts';

const PANE = 'default|%1';

function setup(screens: (Screen | 'gone')[], afterKeys: (Screen | 'gone')[] = [idle()]) {
  const journal: JournalEntry[] = [];
  const clock = new SteppingClock();
  const panes = new ScriptedPanes(journal, clock, screens).afterKeys(afterKeys);
  const store = new MemoryActionStore(journal);
  const stale: string[] = [];
  const deps: AnswerDeps = { store, panes, clock, logger: new MemoryLogger(), claimant: 'engine-1', onStale: (p) => stale.push(p) };
  return { journal, panes, store, deps, stale };
}

const itemFor = (screen: Screen & { kind: 'permission' }) => ({ id: 'item-1', paneKey: PANE, fingerprint: fingerprintOf(screen) });

describe('answerPrompt: approve', () => {
  it('sends exactly the single-use key, after auditing it, and confirms when the prompt leaves', async () => {
    const prompt = claudePrompt();
    const { journal, deps } = setup([prompt]);
    const result = await answerPrompt(deps, itemFor(prompt), 'approve', 'queue');
    expect(result).toMatchObject({ outcome: 'confirmed', sent: ['1'] });
    expect(keysSent(journal)).toEqual(['1']);
    const audit = journal.findIndex((e) => e.op === 'audit');
    const key = journal.findIndex((e) => e.op === 'keys');
    expect(audit).toBeGreaterThanOrEqual(0);
    expect(audit).toBeLessThan(key);
    expect(journal[audit]).toMatchObject({ record: { action: 'key', payload: '1', itemId: 'item-1', surface: 'queue' } });
    expect(journal.at(-1)).toEqual({ op: 'resolve', how: 'approved' });
  });

  it('never chooses an "always" option, also when the prompt offers several', async () => {
    const prompt = claudePrompt('perm-bash-dont-ask-again');
    const always = prompt.options.filter((o) => o.kind === 'always').map((o) => o.key);
    expect(always.length).toBeGreaterThan(0);
    const { journal, deps } = setup([prompt]);
    await answerPrompt(deps, itemFor(prompt), 'approve', 'tray');
    expect(keysSent(journal)).toHaveLength(1);
    expect(always).not.toContain(keysSent(journal)[0]);
  });

  it('refuses and sends nothing when the parse is not confident', async () => {
    const prompt = { ...claudePrompt(), confidence: 'low' as const };
    const { journal, deps } = setup([prompt]);
    const result = await answerPrompt(deps, itemFor(prompt), 'approve', 'queue');
    expect(result.outcome).toBe('refused');
    expect(keysSent(journal)).toEqual([]);
    expect(ops(journal)).not.toContain('audit');
  });

  it('refuses and sends nothing when no option grants exactly one invocation', async () => {
    const base = claudePrompt();
    const prompt = { ...base, options: base.options.filter((o) => o.kind !== 'once') };
    const { journal, deps } = setup([prompt]);
    expect((await answerPrompt(deps, itemFor(prompt), 'approve', 'queue')).outcome).toBe('refused');
    expect(keysSent(journal)).toEqual([]);
  });
});

describe('answerPrompt: deny', () => {
  it('sends the deny key and nothing that says yes', async () => {
    const prompt = claudePrompt();
    const yes = prompt.options.filter((o) => o.kind === 'once' || o.kind === 'always').map((o) => o.key);
    const { journal, deps } = setup([prompt]);
    const result = await answerPrompt(deps, itemFor(prompt), 'deny', 'queue');
    expect(result).toMatchObject({ outcome: 'confirmed', sent: ['4'] });
    expect(keysSent(journal)).toEqual(['4']);
    expect(yes).not.toContain('4');
    expect(journal.at(-1)).toEqual({ op: 'resolve', how: 'denied' });
  });
});

describe('answerPrompt: only the prompt the user saw', () => {
  it('sends nothing when the pane now shows another prompt (fingerprint differs), and asks for a refresh', async () => {
    const seen = claudePrompt('perm-bash');
    const now = claudePrompt('perm-edit-existing-file');
    const { journal, deps, stale } = setup([now]);
    const result = await answerPrompt(deps, itemFor(seen), 'approve', 'queue');
    expect(result.outcome).toBe('changed');
    expect(keysSent(journal)).toEqual([]);
    expect(ops(journal)).not.toContain('audit');
    expect(stale).toEqual([PANE]);
  });

  it('sends nothing when the prompt already left (the pane is idle)', async () => {
    const seen = claudePrompt();
    const { journal, deps } = setup([idle()]);
    expect((await answerPrompt(deps, itemFor(seen), 'approve', 'queue')).outcome).toBe('changed');
    expect(keysSent(journal)).toEqual([]);
  });

  it('sends nothing to a pane that is gone', async () => {
    const seen = claudePrompt();
    const { journal, deps } = setup(['gone']);
    expect((await answerPrompt(deps, itemFor(seen), 'approve', 'queue')).outcome).toBe('gone');
    expect(keysSent(journal)).toEqual([]);
  });

  it('refuses an item without a fingerprint (not a permission prompt) without looking', async () => {
    const { journal, deps } = setup([claudePrompt()]);
    const result = await answerPrompt(deps, { id: 'item-1', paneKey: PANE, fingerprint: null }, 'approve', 'queue');
    expect(result.outcome).toBe('refused');
    expect(journal).toEqual([]);
  });
});

describe('answerPrompt: one key per prompt', () => {
  it('gives a second answer racing the first nothing to send (the claim is held)', async () => {
    const prompt = claudePrompt();
    const { journal, deps } = setup([prompt]);
    const [a, b] = await Promise.all([
      answerPrompt(deps, itemFor(prompt), 'approve', 'queue'),
      answerPrompt(deps, itemFor(prompt), 'approve', 'tray'),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(['confirmed', 'refused']);
    expect(keysSent(journal)).toEqual(['1']);
  });

  it('does not resend when the prompt stays: one key, unconfirmed, claim released', async () => {
    const prompt = claudePrompt();
    const { journal, deps, store } = setup([prompt], [prompt]);
    const result = await answerPrompt({ ...deps, confirm: { timeoutMs: 5000, pollMs: 100 } }, itemFor(prompt), 'approve', 'queue');
    expect(result).toMatchObject({ outcome: 'unconfirmed', sent: ['1'] });
    expect(keysSent(journal)).toEqual(['1']);
    expect(ops(journal)).not.toContain('resolve');
    expect(journal).toContainEqual({ op: 'outcome', outcome: 'unconfirmed' });
    expect(store.claims.size).toBe(0);
  });

  it('releases the claim when sending fails', async () => {
    const prompt = claudePrompt();
    const { deps, store, panes } = setup([prompt]);
    panes.failSend = new Error('tmux went away');
    await expect(answerPrompt(deps, itemFor(prompt), 'approve', 'queue')).rejects.toThrow('tmux went away');
    expect(store.claims.size).toBe(0);
  });
});
