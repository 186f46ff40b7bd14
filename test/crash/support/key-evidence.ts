/**
 * Pure checks over a crash run's evidence about keys: what each scripted agent recorded receiving
 * (with the state it was in) against the engine's audit log. Each returns violations, worded for a
 * human reading a failed run; an empty list means the rule held.
 */
import type { AgentRecord, KeyRecord } from '../../support/scripted-agent/record.ts';

/** One scripted agent's side of the story. */
export interface AgentEvidence {
  /** For messages: `claude %3`. */
  readonly name: string;
  /** The tmux pane id (`%3`); audit rows name `<server>|%3`. */
  readonly paneId: string;
  /** States that show the permission prompt untouched (a key there answers it). */
  readonly promptStates: ReadonlySet<string>;
  /** States a single-use approve may lead to, and states a deny may lead to. */
  readonly approveStates: ReadonlySet<string>;
  readonly denyStates: ReadonlySet<string>;
  readonly records: readonly AgentRecord[];
  /** How many approve/deny commands the test issued for this agent, and how many exited 0 (confirmed). */
  readonly requests: number;
  readonly confirmed: number;
}

/** One audit row, as read from the database. */
export interface AuditEvidence {
  readonly id: number;
  readonly at: number;
  readonly paneKey: string;
  readonly action: string;
  readonly payload: string;
  readonly reason: string;
}

/** Every key arrived while the agent showed the prompt, and did what was asked (no yes for a deny, nothing beyond once). */
export function checkKeysHitThePrompt(agent: AgentEvidence, audit: readonly AuditEvidence[]): string[] {
  const out: string[] = [];
  const matched = matchKeysToAudit(agent, audit);
  for (const key of keysOf(agent)) {
    if (!agent.promptStates.has(key.state)) {
      out.push(`${agent.name}: key ${key.key} arrived in state "${key.state}" at ${key.t}, not at the prompt it was meant for`);
      continue;
    }
    const next = key.next ?? '';
    const wanted = matched.get(key)?.reason.startsWith('deny') ? 'deny' : 'approve';
    const allowed = wanted === 'deny' ? agent.denyStates : agent.approveStates;
    if (key.action !== 'goto' || !allowed.has(next)) {
      out.push(
        `${agent.name}: key ${key.key} for ${wanted} led to "${next || key.action}" at ${key.t}; allowed: ${[...allowed].join(', ')}`,
      );
    }
  }
  return out;
}

/** Each raised prompt (one stretch of prompt states) received at most one key. */
export function checkOneKeyPerPrompt(agent: AgentEvidence): string[] {
  const out: string[] = [];
  let raise = 0;
  let inPrompt = false;
  let keysThisRaise = 0;
  for (const r of agent.records) {
    if (r.type === 'state') {
      const prompt = agent.promptStates.has(r.state);
      if (prompt && !inPrompt) {
        raise += 1;
        keysThisRaise = 0;
      }
      inPrompt = prompt;
    } else if (r.type === 'key' && agent.promptStates.has(r.state) && ++keysThisRaise === 2) {
      out.push(`${agent.name}: prompt #${raise} received a second key (${r.key} at ${r.t})`);
    }
  }
  return out;
}

/** Every key the agent received has its own audit row for that pane, written before the key arrived. */
export function checkKeysAudited(agent: AgentEvidence, audit: readonly AuditEvidence[]): string[] {
  const matched = matchKeysToAudit(agent, audit);
  return keysOf(agent)
    .filter((k) => !matched.has(k))
    .map((k) => `${agent.name}: key ${k.key} received at ${Math.round(k.t)} has no audit row written before it`);
}

/** No key the test did not ask for (keys ≤ commands issued), and none the CLI called confirmed went missing. */
export function checkKeysRequested(agent: AgentEvidence): string[] {
  const keys = keysOf(agent).length;
  const out: string[] = [];
  if (keys > agent.requests) out.push(`${agent.name}: received ${keys} keys but the test asked ${agent.requests} times`);
  if (keys < agent.confirmed) out.push(`${agent.name}: the CLI confirmed ${agent.confirmed} answers but the agent received ${keys} keys`);
  return out;
}

/** The agent's state at the end of its record (null before any). */
export function finalState(records: readonly AgentRecord[]): string | null {
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i];
    if (r?.type === 'state') return r.state;
  }
  return null;
}

/** How many prompts were answered (keys that moved a prompt state to another state). */
export function answeredPrompts(agent: Pick<AgentEvidence, 'promptStates' | 'records'>): number {
  return keysOf(agent).filter(
    (k) => agent.promptStates.has(k.state) && k.action === 'goto' && k.next !== undefined && !agent.promptStates.has(k.next),
  ).length;
}

function keysOf(agent: Pick<AgentEvidence, 'records'>): KeyRecord[] {
  return agent.records.filter((r): r is KeyRecord => r.type === 'key');
}

/**
 * Pair each key with the latest unused audit row of the same pane and key written no later than
 * the key arrived (1 ms for the audit's whole-ms stamp). A row whose key never went out (the
 * daemon died between audit and send) simply stays unpaired.
 */
function matchKeysToAudit(agent: AgentEvidence, audit: readonly AuditEvidence[]): Map<KeyRecord, AuditEvidence> {
  const rows = audit.filter((a) => a.action === 'key' && a.paneKey.endsWith(`|${agent.paneId}`)).sort((a, b) => a.id - b.id);
  const used = new Set<number>();
  const out = new Map<KeyRecord, AuditEvidence>();
  for (const key of keysOf(agent)) {
    const row = rows.findLast((a) => !used.has(a.id) && a.payload === key.key && a.at <= key.t + 1);
    if (!row) continue;
    used.add(row.id);
    out.set(key, row);
  }
  return out;
}
