/**
 * Plays the user for one agent across daemon crashes: waits until the queue shows the agent's
 * permission prompt (and the planned reminder step), answers it with the real CLI
 * (`trailboss approve|deny <pane>`), and repeats until the agent has answered enough prompts and
 * every planned kill has happened. A dead daemon is simply waited out.
 */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { NoEngineError, engineClient } from '../../../main/cli/engine-client.ts';
import { cli } from '../../support/cli-context.ts';
import type { CrashAgent } from './crash-agents.ts';
import { answeredPrompts } from './key-evidence.ts';
import { OUTCOME_STATES } from './crash-agents.ts';

/** Where the driver writes what it did (`+ms what`). */
export type Note = (line: string) => void;

/** The run-wide context a driver needs. */
export interface DriverContext {
  /** TRAILBOSS_HOME of the daemons. */
  readonly home: string;
  /** True once every planned kill has happened (the run may end). */
  readonly killsDone: () => boolean;
  /** True when the run gave up (no daemon could start): stop at once. */
  readonly aborted: () => boolean;
  /** Epoch ms after which the driver gives up. */
  readonly deadline: number;
  readonly note: Note;
}

const POLL_MS = 100;
/** After a command, how long to wait for the key to show up before looking at the queue again. */
const SETTLE_MS = 800;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The queue as the running daemon sees it; null while no daemon answers. */
export async function liveQueue(home: string): Promise<readonly QueueItemDto[] | null> {
  try {
    const env = await engineClient({ env: { TRAILBOSS_HOME: home }, platform: process.platform, homedir: home, cwd: home }, 3000).call(
      'queue:list',
      {},
    );
    return env.ok ? env.value : null;
  } catch (error) {
    if (error instanceof NoEngineError) return null;
    throw error;
  }
}

/** The permission item queued for `paneId`, if any. */
export function permissionItemFor(queue: readonly QueueItemDto[], paneId: string): QueueItemDto | undefined {
  return queue.find((i) => i.paneKey.endsWith(`|${paneId}`) && i.reason === 'permission');
}

/** Drive one agent to the end of the run. Throws when the deadline passes. */
export async function driveAgent(a: CrashAgent, ctx: DriverContext): Promise<void> {
  const states = OUTCOME_STATES[a.plan.runtime];
  const answered = async () => answeredPrompts({ promptStates: new Set(states.prompt), records: await a.agent.records() });
  for (;;) {
    const done = await answered();
    if (ctx.aborted() || (done >= a.plan.answers && ctx.killsDone())) return;
    if (Date.now() > ctx.deadline)
      throw new Error(`${a.name}: answered ${done}/${a.plan.answers} prompts before the deadline (kills done: ${ctx.killsDone()})`);
    const queue = await liveQueue(ctx.home);
    const item = queue && permissionItemFor(queue, a.agent.paneId);
    const waitStep = a.plan.waitSteps[done % a.plan.waitSteps.length] ?? 0;
    if (!item || item.reminderStep < waitStep) {
      await pause(POLL_MS);
      continue;
    }
    const action = a.plan.actions[done % a.plan.actions.length] ?? 'approve';
    const keysBefore = (await a.agent.keys()).length;
    a.requests += 1;
    const run = await cli([action, a.agent.paneId, '--json'], { home: ctx.home });
    if (run.code === 0) a.confirmed += 1;
    const said = (run.stdout.trim() || run.stderr.trim()).replace(/\s+/g, ' ').slice(0, 160);
    ctx.note(`${a.name}: ${action} item ${item.id} (step ${item.reminderStep}) → exit ${run.code} ${said}`);
    // The key may land after the command failed (the daemon died right after sending it).
    const settleBy = Date.now() + SETTLE_MS;
    while (Date.now() < settleBy && (await a.agent.keys()).length === keysBefore) await pause(20);
  }
}
