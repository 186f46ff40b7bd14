/**
 * Did the engine read a detection agent right? Every item queued for a pane is held against what the
 * agent draws: a looping agent's prompt must become its runtime's permission item with the expected
 * approve label, and only that prompt's approve key may reach the agent; a busy agent must not be
 * queued at all. An `idle` item on a looping agent is right (it idles between prompts). Pure.
 */
import type { ExpectedItem } from '../test/support/scenarios/fleet.ts';

/** An item the engine queued, as the engine host reported it. */
export interface AddedItem {
  readonly t: number;
  readonly reason: string;
  readonly runtime: string;
  readonly approveLabel: string | null;
}

/** What one agent did in the window, and what it should have produced. */
export interface AgentReads {
  /** Agent label for the report (`cursor #4`). */
  readonly label: string;
  /** null: a busy agent, which draws no prompt. */
  readonly expected: ExpectedItem | null;
  /** Items queued for its pane in the window. */
  readonly added: readonly AddedItem[];
  /** Keys it received in the window (tmux names). */
  readonly keys: readonly string[];
}

/** Wrong reads (one sentence each) and keys that were not the prompt's approve key. */
export interface ReadCheck {
  readonly wrongReads: readonly string[];
  readonly wrongKeys: readonly string[];
}

/** Every item and key of one agent that does not match what it drew. */
export function checkReads(agent: AgentReads): ReadCheck {
  const wrongReads: string[] = [];
  const expected = agent.expected;
  for (const item of agent.added) {
    const seen = `${item.reason} (${item.runtime}, approve ${JSON.stringify(item.approveLabel)})`;
    if (!expected) wrongReads.push(`${agent.label}: busy, queued as ${seen}`);
    else if (item.reason === 'idle') continue;
    else if (item.reason !== expected.reason || item.runtime !== expected.runtime || item.approveLabel !== expected.approveLabel)
      wrongReads.push(
        `${agent.label}: queued as ${seen}, expected ${expected.reason} (${expected.runtime}, approve ${JSON.stringify(expected.approveLabel)})`,
      );
  }
  const wrongKeys = agent.keys.filter((key) => key !== expected?.approveKey).map((key) => `${agent.label}: received ${key}`);
  return { wrongReads, wrongKeys };
}
