/** The crash test's key checks must catch what they claim to: each rule broken once, on made-up records. */
import { describe, expect, it } from 'vitest';
import type { AgentRecord } from '../support/scripted-agent/record.ts';
import type { AgentEvidence, AuditEvidence } from './support/key-evidence.ts';
import {
  answeredPrompts,
  checkKeysAudited,
  checkKeysHitThePrompt,
  checkKeysRequested,
  checkOneKeyPerPrompt,
  finalState,
} from './support/key-evidence.ts';

let seq = 0;
const state = (t: number, name: string): AgentRecord => ({ type: 'state', t, seq: ++seq, state: name, from: null, cause: 'key' });
const key = (t: number, k: string, inState: string, next: string, action: 'goto' | 'ignore' = 'goto'): AgentRecord => ({
  type: 'key',
  t,
  state: inState,
  key: k,
  raw: k,
  action,
  next,
});
const row = (id: number, at: number, payload: string, reason = `approve: Yes — ls`): AuditEvidence => ({
  id,
  at,
  paneKey: 'S:/tmp/s|%3',
  action: 'key',
  payload,
  reason,
});

function agent(records: AgentRecord[], requests = 10, confirmed = 0): AgentEvidence {
  return {
    name: 'claude %3',
    paneId: '%3',
    promptStates: new Set(['prompt']),
    approveStates: new Set(['approved']),
    denyStates: new Set(['denied', 'denied-esc']),
    records,
    requests,
    confirmed,
  };
}

/** prompt → 1 → approved → prompt again → 4 → denied, each key audited just before it. */
const clean = (): { records: AgentRecord[]; audit: AuditEvidence[] } => ({
  records: [
    state(100, 'prompt'),
    key(200, '1', 'prompt', 'approved'),
    state(201, 'approved'),
    state(700, 'prompt'),
    key(800, '4', 'prompt', 'denied'),
    state(801, 'denied'),
  ],
  audit: [row(1, 199, '1'), row(2, 800, '4', 'deny: No — ls')],
});

describe('crash evidence: keys', () => {
  it('a clean record passes every check', () => {
    const { records, audit } = clean();
    const a = agent(records, 2);
    expect([
      ...checkKeysHitThePrompt(a, audit),
      ...checkOneKeyPerPrompt(a),
      ...checkKeysAudited(a, audit),
      ...checkKeysRequested(a),
    ]).toEqual([]);
    expect(answeredPrompts(a)).toBe(2);
    expect(finalState(records)).toBe('denied');
  });

  it('flags a key that arrived after the prompt had changed', () => {
    const a = agent([
      state(100, 'prompt'),
      key(200, '1', 'prompt', 'approved'),
      state(201, 'approved'),
      key(300, '1', 'approved', 'approved', 'ignore'),
    ]);
    expect(checkKeysHitThePrompt(a, [row(1, 199, '1'), row(2, 299, '1')])).toEqual([
      expect.stringContaining('arrived in state "approved"'),
    ]);
  });

  it('flags an approve that landed on a remembering option', () => {
    const a = agent([state(100, 'prompt'), key(200, '2', 'prompt', 'approved-remember')]);
    expect(checkKeysHitThePrompt(a, [row(1, 199, '2')])).toEqual([expect.stringContaining('led to "approved-remember"')]);
  });

  it('flags a deny that said yes', () => {
    const a = agent([state(100, 'prompt'), key(200, '1', 'prompt', 'approved')]);
    expect(checkKeysHitThePrompt(a, [row(1, 199, '1', 'deny: No — ls')])).toEqual([expect.stringContaining('for deny led to "approved"')]);
  });

  it('flags a second key on one raised prompt', () => {
    const a = agent([state(100, 'prompt'), key(200, 'y', 'prompt', 'prompt', 'ignore'), key(300, '1', 'prompt', 'approved')]);
    expect(checkOneKeyPerPrompt(a)).toEqual([expect.stringContaining('prompt #1 received a second key')]);
  });

  it('counts keys per raise: the same prompt raised again may take its own key', () => {
    const { records } = clean();
    expect(checkOneKeyPerPrompt(agent(records))).toEqual([]);
  });

  it('flags a key with no audit row', () => {
    const { records } = clean();
    expect(checkKeysAudited(agent(records), [row(1, 199, '1')])).toEqual([
      expect.stringContaining('key 4 received at 800 has no audit row'),
    ]);
  });

  it('flags a key audited only after it arrived', () => {
    const a = agent([state(100, 'prompt'), key(200, '1', 'prompt', 'approved')]);
    expect(checkKeysAudited(a, [row(1, 250, '1')])).toHaveLength(1);
  });

  it('does not let one audit row cover two keys', () => {
    const a = agent([
      state(100, 'prompt'),
      key(200, '1', 'prompt', 'approved'),
      state(201, 'approved'),
      state(700, 'prompt'),
      key(800, '1', 'prompt', 'approved'),
    ]);
    expect(checkKeysAudited(a, [row(1, 199, '1')])).toHaveLength(1);
  });

  it('accepts an audit row whose key never went out (killed between audit and send)', () => {
    const a = agent([state(100, 'prompt'), key(900, '1', 'prompt', 'approved')]);
    expect(checkKeysAudited(a, [row(1, 199, '1'), row(2, 899, '1')])).toEqual([]);
  });

  it('flags more keys than the test asked for', () => {
    const { records } = clean();
    expect(checkKeysRequested(agent(records, 1))).toEqual([expect.stringContaining('received 2 keys but the test asked 1 times')]);
  });

  it('flags an answer the CLI confirmed that never reached the agent', () => {
    const { records } = clean();
    expect(checkKeysRequested(agent(records, 3, 3))).toEqual([
      expect.stringContaining('the CLI confirmed 3 answers but the agent received 2 keys'),
    ]);
  });
});
