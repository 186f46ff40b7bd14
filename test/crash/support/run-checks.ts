/** Checks a crash run makes against the live daemon: a restart took over the files, and no prompt went unqueued. */
import { join } from 'node:path';
import type { CrashAgent } from './crash-agents.ts';
import { OUTCOME_STATES } from './crash-agents.ts';
import { liveQueue, permissionItemFor } from './driver.ts';
import { leftBehind } from './store-evidence.ts';

/** How long a prompt on screen may go unqueued at the end (detection takes a few ticks). */
const QUEUED_WITHIN_MS = 15_000;

/** After daemon #i reported ready as `pid`: the lock and the endpoint now name it, not a dead predecessor. */
export function checkRestart(home: string, incarnation: number, pid: number): string[] {
  const left = leftBehind(join(home, 'engine.lock'), join(home, 'endpoint.json'));
  const out: string[] = [];
  if (left.lockPid !== pid) out.push(`daemon #${incarnation} (pid ${pid}) is ready but the lock names ${left.lockPid}`);
  if (left.endpointPid !== pid) out.push(`daemon #${incarnation} (pid ${pid}) is ready but the endpoint names ${left.endpointPid}`);
  return out;
}

/**
 * No item lost: every agent that shows its prompt has it in the live queue (a prompt leaves only
 * with a key, so every earlier prompt was answered). Polled, since a prompt may have just come back.
 */
export async function checkEnd(home: string, agents: readonly CrashAgent[], note: (line: string) => void): Promise<string[]> {
  const deadline = Date.now() + QUEUED_WITHIN_MS;
  for (;;) {
    const queue = await liveQueue(home);
    const missing: string[] = [];
    for (const a of agents) {
      const shown = await a.agent.currentState();
      const prompt = shown !== null && OUTCOME_STATES[a.plan.runtime].prompt.includes(shown);
      if (prompt && !(queue && permissionItemFor(queue, a.agent.paneId))) missing.push(a.name);
    }
    if (missing.length === 0) {
      note(`end: every prompt on screen is queued (${queue?.length ?? 0} items)`);
      return [];
    }
    if (Date.now() > deadline)
      return missing.map(
        (name) => `${name}: shows its permission prompt but the queue has no item for it after ${QUEUED_WITHIN_MS} ms (item lost)`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}
