/**
 * A crash run's plan, drawn from its seed: which agents, how they answer, and where each daemon
 * incarnation dies. Same seed, same plan (the timing of the machine still varies; that is the point).
 */
import type { Failpoint, FailpointSpec } from './failpoint-spec.ts';
import { seededRandom } from '../../support/seeded-random.ts';
export { seededRandom };

/** Where an incarnation is killed. Failpoints fire inside the daemon; the rest come from the test's killer. */
export type KillPoint =
  | { readonly kind: 'delay'; readonly ms: number }
  | { readonly kind: 'failpoint'; readonly spec: FailpointSpec }
  /** Right after an agent received a key (the engine is confirming or resolving). */
  | { readonly kind: 'after-key' }
  /** Right after a reminder step ≥ 1 fired (the step is persisted; the next is armed). */
  | { readonly kind: 'after-reminder' };

/** The runtimes of the ready-made looping prompt scenarios. */
export type CrashRuntime = 'claude' | 'codex' | 'opencode';

/** One scripted agent: a prompt that comes back `idleMs` after each answer. */
export interface AgentPlan {
  readonly runtime: CrashRuntime;
  /** Working screen before the first prompt. */
  readonly firstPromptMs: number;
  readonly idleMs: number;
  /** Answer k is actions[k % length]. */
  readonly actions: readonly ('approve' | 'deny')[];
  /** Before answer k, wait until the item's reminder step reaches waitSteps[k % length]. */
  readonly waitSteps: readonly number[];
  /** Prompts to answer before the run may end. */
  readonly answers: number;
}

/** The whole run. `kills[i]` ends incarnation i; the incarnation after the last kill runs to the end. */
export interface RunPlan {
  readonly seed: number;
  readonly agents: readonly AgentPlan[];
  readonly kills: readonly KillPoint[];
}

const failpoint = (point: Failpoint, nth = 1, delayMs = 0): KillPoint => ({ kind: 'failpoint', spec: { point, nth, delayMs } });

/** How many kinds of first kill there are: seeds 1..KILL_KINDS try each once. */
export const KILL_KINDS = 10;

/** Draw the plan for `seed`. */
export function planRun(seed: number): RunPlan {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));

  // Around an approve: before/after the claim, after the audit row, after the key left, in the confirm → resolve window.
  const approvePath: readonly (() => KillPoint)[] = [
    () => failpoint('before-claim'),
    () => failpoint('after-claim'),
    () => failpoint('after-audit'),
    () => failpoint('after-send'),
    () => failpoint('after-audit', 1, int(1, 40)),
    () => ({ kind: 'after-key' }),
    () => failpoint('mid-resolve'),
  ];
  // The rest of detect → remind → idle.
  const elsewhere: readonly (() => KillPoint)[] = [
    () => failpoint('after-open', int(1, 2)),
    () => ({ kind: 'after-reminder' }),
    () => ({ kind: 'delay', ms: int(0, 9000) }),
  ];
  // The first kill's kind cycles with the seed, so any KILL_KINDS consecutive seeds try every kind.
  const kinds = [...approvePath, ...elsewhere];
  const firstKill = kinds[(((seed - 1) % kinds.length) + kinds.length) % kinds.length] as () => KillPoint;
  const kills: KillPoint[] = [firstKill()];
  // Sometimes the restarted daemon dies too (a crash during recovery).
  if (rnd() < 0.2) kills.push(rnd() < 0.5 ? pick(approvePath)() : { kind: 'delay', ms: int(0, 6000) });

  const runtimes: CrashRuntime[] = ['claude', pick<CrashRuntime>(['codex', 'opencode'])];
  if (rnd() < 0.3) runtimes.push(pick<CrashRuntime>(['claude', 'codex', 'opencode']));
  const waitsForReminder = kills.some((k) => k.kind === 'after-reminder');
  const agents = runtimes.map((runtime): AgentPlan => ({
    runtime,
    firstPromptMs: pick([0, 0, 500, 2000]),
    idleMs: pick([500, 1500, 4000, 8000]),
    actions: [pick(['approve', 'approve', 'deny'] as const), pick(['approve', 'deny'] as const)],
    // An after-reminder kill needs a reminder before the first answer.
    waitSteps: [waitsForReminder ? int(1, 3) : int(0, 3), int(0, 1)],
    answers: int(1, 2),
  }));
  return { seed, agents, kills };
}

/** A short label for timelines and test names. */
export function describeKill(kill: KillPoint): string {
  switch (kill.kind) {
    case 'delay':
      return `kill at +${kill.ms}ms`;
    case 'failpoint':
      return `failpoint ${kill.spec.point}${kill.spec.nth > 1 ? ` #${kill.spec.nth}` : ''}${kill.spec.delayMs > 0 ? ` +${kill.spec.delayMs}ms` : ''}`;
    case 'after-key':
      return 'kill after a key';
    case 'after-reminder':
      return 'kill after a reminder';
  }
}
