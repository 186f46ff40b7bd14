/** `npm run bench -- [--quick] [--only a,b] [--soak-minutes N]`: which phases run, at which sizes. Pure. */
import type { SoakOptions } from './soak.ts';

/** The phases, in the order they run. `detection` also measures approve latency (the same approvals). */
export const PHASES = [
  'detection',
  'cpu',
  'hooks',
  'tmux-capture',
  'snapshot',
  'cli',
  'tui',
  'remote',
  'phone',
  'deny-message',
  'slack',
  'soak',
] as const;

/** One phase. */
export type Phase = (typeof PHASES)[number];

/** Every size and duration of one run. */
export interface BenchPlan {
  readonly quick: boolean;
  readonly phases: readonly Phase[];
  /** `idleMs`: how long a looping agent idles between prompts; it must outlast a loaded tick + recheck, see detection.ts. */
  readonly detection: readonly { readonly agents: number; readonly windowMs: number; readonly idleMs: number }[];
  /** `rounds`: windows of the engine's two observe modes side by side on twin fleets (see bench/cpu-modes.ts). */
  readonly cpu: readonly {
    readonly panes: number;
    readonly windowMs: number;
    readonly idleWindowMs: number;
    readonly warmupMs: number;
    readonly rounds: number;
  }[];
  readonly hooks: { readonly ingestSamples: number; readonly fusionAgents: number; readonly fusionWindowMs: number };
  readonly tmuxCapturePanes: readonly number[];
  readonly snapshot: { readonly mb: number; readonly runs: number };
  /** Hosts over loopback ssh, each its own tmux server; the same fleet also watched locally. */
  readonly remote: {
    readonly hosts: number;
    readonly panesPerHost: number;
    readonly loopingPerHost: number;
    readonly windowMs: number;
    readonly warmupMs: number;
    /**
     * A looping agent prompts once per `periodMs` (counted from its last prompt, whatever the answer's
     * delay), so both observe modes face the same prompts. It must outlast the slowest cycle: poll's
     * detection (up to ~1.3 s) plus the host's auto-approve delay (up to 1 s), with margin; `windowMs`
     * is a multiple of it, so every looping agent draws the same number of prompts in any window.
     */
    readonly periodMs: number;
    /**
     * Rounds of the two modes over ssh side by side on twin host sets (twins swapped each round: an even
     * count runs each mode on each twin equally often), compared by the median of the rounds' paired ratios.
     */
    readonly rounds: number;
  };
  /** The installed command: samples per figure, panes of the status scan, the transcript of snapshot save. */
  readonly cli: { readonly samples: number; readonly statusPanes: number; readonly snapshotMB: number; readonly snapshotRuns: number };
  /** `trailboss tui`: the queue's size, how many starts are timed, how many new items are watched arrive; runs of the installed status segment (and as many of bare Node and of `tmux-status` on Node). */
  readonly tui: { readonly items: number; readonly starts: number; readonly newItems: number; readonly statusRuns: number };
  /** Deny with a message: round trips per runtime (Claude, Codex, opencode scripted agents). */
  readonly denyMessage: { readonly samples: number };
  /** The long run: agents looping through the API, panes replaced, the daemon sampled (bench/soak.ts). */
  readonly soak: SoakOptions;
  /** The phone channel against the stand-in Bot API: fleet size, looping prompts, their spacing, windows. */
  readonly phone: {
    readonly agents: number;
    readonly prompting: number;
    readonly spacingMs: number;
    readonly windowMs: number;
    /** Each idle-CPU window, how many paired ones (between unpaired ones), and the engine's warm-up before them. */
    readonly idleWindowMs: number;
    readonly idlePairs: number;
    readonly idleWarmupMs: number;
  };
  /** The Slack channel against the Slack stand-in: the same sizes as the phone phase's. */
  readonly slack: BenchPlan['phone'];
}

/** Aliases accepted by `--only` (approve latency comes from the detection runs). */
const ALIASES: Readonly<Record<string, Phase>> = { approve: 'detection', hook: 'hooks', capture: 'tmux-capture' };

const FULL: Omit<BenchPlan, 'quick' | 'phases'> = {
  detection: [
    { agents: 1, windowMs: 60_000, idleMs: 1600 },
    { agents: 20, windowMs: 40_000, idleMs: 2000 },
    { agents: 100, windowMs: 40_000, idleMs: 3000 },
  ],
  // Four rounds of both modes side by side on twin fleets at each size (an even count: each twin hosts
  // each mode equally often); the modes are compared by the median of the rounds' ratios.
  cpu: [
    { panes: 50, windowMs: 15_000, idleWindowMs: 6000, warmupMs: 5000, rounds: 4 },
    { panes: 200, windowMs: 15_000, idleWindowMs: 6000, warmupMs: 6000, rounds: 4 },
  ],
  hooks: { ingestSamples: 20, fusionAgents: 3, fusionWindowMs: 30_000 },
  // 200 panes there takes ~3 min on this machine (its per-process row alone); run it by hand for that size.
  tmuxCapturePanes: [50],
  snapshot: { mb: 100, runs: 3 },
  // Four rounds of one window each (both modes at once, so each twin runs each mode twice): the phase takes ~4 min, less than 3 ABBA rounds of two windows did.
  remote: { hosts: 4, panesPerHost: 50, loopingPerHost: 10, windowMs: 32_000, warmupMs: 8000, periodMs: 4000, rounds: 4 },
  cli: { samples: 20, statusPanes: 20, snapshotMB: 100, snapshotRuns: 3 },
  tui: { items: 50, starts: 20, newItems: 20, statusRuns: 60 },
  denyMessage: { samples: 30 },
  soak: {
    agents: 100,
    // RSS settles (V8 and the allocator grow to their working size) in about 5 min at this load, but
    // the V8 heap keeps growing for about 15 min more as optimised code and its dependency lists
    // settle (heap used, 2026-11-28 21:08: 3.4, 1.55 and 0.55 MB/h over the thirds of a window that
    // began after 5 min), so the window starts after 10.
    warmupMs: 10 * 60_000,
    durationMs: 20 * 60_000,
    sampleEveryMs: 10_000,
    churnEveryMs: 3 * 60_000,
    workStepMs: 1500,
    replyAfterMs: 2000,
  },
  phone: { agents: 100, prompting: 10, spacingMs: 1500, windowMs: 40_000, idleWindowMs: 20_000, idlePairs: 4, idleWarmupMs: 30_000 },
  slack: { agents: 100, prompting: 10, spacingMs: 1500, windowMs: 40_000, idleWindowMs: 20_000, idlePairs: 4, idleWarmupMs: 30_000 },
};

const QUICK: Omit<BenchPlan, 'quick' | 'phases'> = {
  detection: [
    { agents: 1, windowMs: 8000, idleMs: 1600 },
    { agents: 5, windowMs: 6000, idleMs: 1600 },
  ],
  cpu: [{ panes: 10, windowMs: 4000, idleWindowMs: 2000, warmupMs: 3000, rounds: 2 }],
  hooks: { ingestSamples: 5, fusionAgents: 2, fusionWindowMs: 10_000 },
  tmuxCapturePanes: [10],
  snapshot: { mb: 20, runs: 1 },
  remote: { hosts: 2, panesPerHost: 10, loopingPerHost: 3, windowMs: 9000, warmupMs: 5000, periodMs: 3000, rounds: 2 },
  cli: { samples: 5, statusPanes: 20, snapshotMB: 20, snapshotRuns: 1 },
  tui: { items: 50, starts: 3, newItems: 3, statusRuns: 30 },
  denyMessage: { samples: 5 },
  soak: {
    agents: 20,
    warmupMs: 15_000,
    durationMs: 45_000,
    sampleEveryMs: 5_000,
    churnEveryMs: 15_000,
    workStepMs: 1000,
    replyAfterMs: 1500,
  },
  phone: { agents: 10, prompting: 3, spacingMs: 1500, windowMs: 10_000, idleWindowMs: 4000, idlePairs: 2, idleWarmupMs: 5000 },
  slack: { agents: 10, prompting: 3, spacingMs: 1500, windowMs: 10_000, idleWindowMs: 4000, idlePairs: 2, idleWarmupMs: 5000 },
};

/** Usage text for `--help` and for a bad argument. */
export const USAGE = `usage: npm run bench -- [--quick] [--only ${PHASES.join(',')}] [--soak-minutes N]
  --quick          small sizes (about a minute each); default is the full run (about ten minutes, plus the soak's 30)
  --only           run only these phases (comma-separated; "approve" = detection); --phase is the same
  --soak-minutes   the soak's measured window after its warm-up (full default 20, quick 0.75); its slopes
                   get a verdict only from 20 min (shorter: "not judged")`;

/** Parse the arguments; an unknown one is an error naming it. */
export function parseBenchArgs(argv: readonly string[]): { ok: true; plan: BenchPlan } | { ok: false; message: string } {
  let quick = false;
  let only: Phase[] | null = null;
  let soakMinutes: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') quick = true;
    else if (arg === '--soak-minutes' || arg.startsWith('--soak-minutes=')) {
      const value = arg === '--soak-minutes' ? argv[++i] : arg.slice(arg.indexOf('=') + 1);
      const minutes = Number(value);
      if (!value || !Number.isFinite(minutes) || minutes <= 0 || minutes > 7 * 24 * 60)
        return { ok: false, message: `--soak-minutes needs a number of minutes (more than 0, at most a week), not "${value ?? ''}"` };
      soakMinutes = minutes;
    } else if (arg === '--only' || arg === '--phase' || arg.startsWith('--only=') || arg.startsWith('--phase=')) {
      const value = arg === '--only' || arg === '--phase' ? argv[++i] : arg.slice(arg.indexOf('=') + 1);
      if (!value) return { ok: false, message: '--only needs a list of phases' };
      only = [];
      for (const name of value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const phase = ALIASES[name] ?? (PHASES as readonly string[]).find((p) => p === name);
        if (!phase) return { ok: false, message: `unknown phase "${name}" (phases: ${PHASES.join(', ')})` };
        if (!only.includes(phase as Phase)) only.push(phase as Phase);
      }
    } else return { ok: false, message: `unknown argument "${arg}"` };
  }
  const phases = only ? PHASES.filter((p) => only.includes(p)) : [...PHASES];
  const sizes = quick ? QUICK : FULL;
  const soak = soakMinutes === null ? sizes.soak : { ...sizes.soak, durationMs: Math.round(soakMinutes * 60_000) };
  return { ok: true, plan: { quick, phases, ...sizes, soak } };
}
