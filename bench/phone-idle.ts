/**
 * The phone phase's idle-CPU measure: the real engine in a child process (bench/engine-host.ts, so the
 * stand-in Bot API and this process's bookkeeping are not counted) with no agents (one quiet pane that
 * is no agent), its CPU read from
 * /proc over alternating windows: unpaired, paired (idle-polling), unpaired, … ending unpaired. The
 * pairing is made and undone through the store from this process, as `trailboss phone pair|unpair`
 * does; the stand-in counts the polls since each change, which shows the channel ran when it should
 * (a long poll lasts 25 s, so a window may see only the one that began before it).
 * Each paired window is compared with the mean of the unpaired windows either side of it (a slow drift
 * of the engine's own idle cost cancels); the verdict is the median of those differences.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { botTokenPath, saveBotToken } from '../main/engine/phone/bot-token-file.ts';
import { systemClock } from '../main/engine/platform/clock.ts';
import type { Store } from '../main/engine/store/index.ts';
import { silentLogger } from '../main/engine/platform/log.ts';
import { resolvePaths } from '../main/engine/platform/paths.ts';
import { openStore } from '../main/engine/store/index.ts';
import { BotApiStandIn } from '../test/support/bot-api/stand-in.ts';
import { startPrivateTmux } from '../test/support/tmux-server.ts';
import { startHost } from './child-host.ts';
import type { EngineHostConfig } from './host-protocol.ts';
import { pairInStore } from './phone-owner.ts';
import { procCpu } from './proc-cpu.ts';

/** One window of the engine's CPU. */
export interface IdleWindow {
  readonly paired: boolean;
  /** % of one core over the window. */
  readonly cpuPct: number;
  /** The chat's calls that reached the stand-in from the pairing change before the window to its end (getUpdates; Slack: socket connections). */
  readonly polls: number;
}

/** The windows in order, and each paired window minus the unpaired ones either side (% of a core). */
export interface IdleCpuResult {
  readonly windowMs: number;
  readonly windows: readonly IdleWindow[];
  readonly addedPct: readonly number[];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A chat whose stand-in the idle measure runs against (Telegram's here; Slack's in bench/slack.ts). */
export interface IdleChat {
  start(): Promise<{
    /** The engine host's config for the chat (its API base). */
    readonly hostConfig: Pick<EngineHostConfig, 'phone' | 'slack'>;
    saveTokens(home: string): void;
    pair(store: Store): void;
    unpair(store: Store): void;
    /** Calls of the chat's own traffic so far (getUpdates; Socket Mode connections). */
    activity(): number;
    close(): Promise<void>;
  }>;
}

/** The Telegram channel: pairing makes it long-poll getUpdates. */
export const telegramIdle: IdleChat = {
  async start() {
    const tg = await BotApiStandIn.start();
    let polls = 0;
    tg.onCall = (method) => {
      if (method === 'getUpdates') polls += 1;
    };
    return {
      hostConfig: { phone: { apiBase: tg.apiBase } },
      saveTokens: (home) => saveBotToken(botTokenPath(home), tg.token),
      pair: (store) => pairInStore(store.phone, tg),
      unpair: (store) => store.phone.unpair(),
      activity: () => polls,
      close: () => tg.close(),
    };
  },
};

/** `pairs` paired windows of `windowMs` between `pairs + 1` unpaired ones; `settleMs` after each change. */
export async function idleCpu(
  opts: { pairs: number; windowMs: number; settleMs: number; warmupMs: number },
  chat: IdleChat = telegramIdle,
): Promise<IdleCpuResult> {
  const home = mkdtempSync(join(tmpdir(), 'tb-bench-phone-idle-'));
  const socket = join(home, 'tmux.sock');
  const engineHome = join(home, 'tb');
  const tmux = await startPrivateTmux({ socketPath: socket });
  // A desk with nothing waiting: one quiet pane that is no agent. With no session at all the engine
  // would look for a server every tick (a `tmux` process each time), which is not a user's idle desk.
  await tmux.newPane('sleep 86400');
  const standIn = await chat.start();
  const paths = resolvePaths({ env: { TRAILBOSS_HOME: engineHome }, platform: process.platform, homedir: engineHome });
  const host = await startHost('engine-host.ts', {
    home: engineHome,
    socket,
    captureMode: 'auto',
    api: false,
    autoApprove: null,
    ...standIn.hostConfig,
  });
  standIn.saveTokens(paths.home);
  const store = openStore(paths.database, { clock: systemClock, logger: silentLogger });
  const windows: IdleWindow[] = [];
  let p0 = 0;
  const measure = async (paired: boolean): Promise<void> => {
    const c0 = procCpu(host.pid).own;
    const t0 = performance.now();
    await sleep(opts.windowMs);
    const cpuPct = ((procCpu(host.pid).own - c0) / (performance.now() - t0)) * 100;
    windows.push({ paired, cpuPct, polls: standIn.activity() - p0 });
  };
  const change = async (pair: boolean): Promise<void> => {
    if (pair) standIn.pair(store);
    else standIn.unpair(store);
    p0 = standIn.activity();
    await sleep(opts.settleMs);
  };
  try {
    // The engine's start is over before the first window: loading modules, then for a while V8's
    // background compilation (CPU time of other threads). One pairing and unpairing beforehand loads
    // the channel's code and `fetch` (undici, about 40 ms once) as well.
    await sleep(opts.warmupMs);
    await change(true);
    await change(false);
    for (let i = 0; i < opts.pairs; i++) {
      await measure(false);
      await change(true);
      await measure(true);
      await change(false);
    }
    await measure(false);
  } finally {
    store.close();
    await host.stop();
    await standIn.close();
    await tmux.kill();
    rmSync(home, { recursive: true, force: true });
  }
  const unpaired = windows.filter((w) => !w.paired).map((w) => w.cpuPct);
  const paired = windows.filter((w) => w.paired).map((w) => w.cpuPct);
  return { windowMs: opts.windowMs, windows, addedPct: paired.map((p, i) => p - (unpaired[i]! + unpaired[i + 1]!) / 2) };
}
