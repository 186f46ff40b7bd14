/** The targets `npm run bench` holds the engine to: detection, approve and hook latency, watching cost (snapshot targets: bench/snapshot.ts). */
export const TARGETS = {
  /** Prompt drawn → item queued, p95 (ms), polling (`observe.mode` "poll"). */
  detectionP95Ms: 1500,
  /** Prompt drawn → item queued, p95 (ms), with tmux's change events (the default). Issue 33. */
  eventsDetectionP95Ms: 300,
  /** Watching 50 panes: % of one core (the watcher's process and its tmux clients). */
  cpuPctAt50: 1.5,
  /** Watching 200 panes: % of one core. */
  cpuPctAt200: 5,
  /** Approve request → key in the pane, p95 (ms). */
  approveP95Ms: 150,
  /** Hook received → queue item, p95 (ms). */
  hookToItemP95Ms: 100,
  /** Hook fired → notification event (item:added), p95 (ms). */
  hookEndToEndP95Ms: 300,
  /** Agents on hosts over ssh (4 hosts × 50 panes): prompt drawn → item queued, p95 (ms). Issue 15. */
  remoteDetectionP95Ms: 1600,
  /** Over ssh with change events: prompt drawn → item queued, p95 (ms). Issue 33. */
  remoteEventsDetectionP95Ms: 500,
  /** Over ssh: approve request → key in the pane, p95 (ms). Issue 15. */
  remoteApproveP95Ms: 200,
  /** Over ssh: the engine's CPU, % of one core. Issue 15. */
  remoteCpuPct: 6,
  /** ssh processes per host, whatever the pane count. Issue 15. */
  remoteSshPerHost: 1,
  /** Phone: item queued → sendMessage at the Bot API, p95 (ms), 100 agents. Issue 20. */
  phoneQueuedToSendP95Ms: 150,
  /** Phone: button press delivered → key in the pane, p95 (ms). Issue 20. */
  phonePressToKeyP95Ms: 150,
  /** Phone: the engine's extra CPU idle-polling, % of one core. Issue 20. */
  phoneIdleCpuDeltaPct: 0.3,
} as const;

/** The CPU target for a pane count: 50 → 1.5 %, 200 → 5 %; other sizes have none. */
export function cpuTargetFor(panes: number): number | null {
  if (panes === 50) return TARGETS.cpuPctAt50;
  if (panes === 200) return TARGETS.cpuPctAt200;
  return null;
}

/** The detection target of an observe mode. */
export function detectionTargetFor(mode: 'events' | 'poll'): number {
  return mode === 'events' ? TARGETS.eventsDetectionP95Ms : TARGETS.detectionP95Ms;
}
