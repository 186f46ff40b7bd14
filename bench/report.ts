/** Turns one run's results into the tables a human reads and the verdicts against the targets. Pure. */
import type { PhoneBenchResult } from './phone.ts';
import type { SlackBenchResult } from './slack.ts';
import type { CliResult } from './cli.ts';
import { CLI_TARGETS } from './cli.ts';
import type { CpuResult } from './cpu-modes.ts';
import { modeComparison } from './cpu-modes.ts';
import type { DetectionResult } from './detection.ts';
import type { SnapshotResult, TmuxCaptureResult } from './folded.ts';
import type { HookFusionResult } from './hook-fusion.ts';
import type { HookIngestResult } from './hook-ingest.ts';
import type { RemoteResult } from './remote-modes.ts';
import { remoteModeComparison } from './remote-modes.ts';
import type { DenyMessageResult } from './deny-message.ts';
import { DENY_MESSAGE_TARGET_MS } from './deny-message.ts';
import type { TuiResult } from './tui.ts';
import { TUI_TARGETS } from './tui.ts';
import type { SoakResult } from './soak.ts';
import { describeTarget, SOAK_TARGETS } from './soak-stats.ts';
import type { Summary } from './stats.ts';
import { median, ratio, round, within } from './stats.ts';
import type { Twin } from './paired.ts';
import { medianOfPresent } from './paired.ts';
import { TARGETS, cpuTargetFor, detectionTargetFor } from './targets.ts';
import type { Cell } from './text-table.ts';
import { textTable } from './text-table.ts';

/** A phase that failed to run: its error instead of its numbers. */
export interface PhaseError {
  readonly error: string;
}

/** Everything one run measured, by phase (absent: not run). */
export interface BenchResults {
  detection?: readonly DetectionResult[] | PhaseError;
  cpu?: readonly CpuResult[] | PhaseError;
  hooks?:
    | {
        readonly ingest: HookIngestResult;
        readonly fusion: HookFusionResult;
        readonly codexFusion?: HookFusionResult;
        readonly opencodeFusion?: HookFusionResult;
      }
    | PhaseError;
  tmuxCapture?: TmuxCaptureResult | PhaseError;
  snapshot?: SnapshotResult | PhaseError;
  remote?: RemoteResult | PhaseError;
  cli?: CliResult | PhaseError;
  tui?: TuiResult | PhaseError;
  soak?: SoakResult | PhaseError;
  phone?: PhoneBenchResult | PhaseError;
  slack?: SlackBenchResult | PhaseError;
  denyMessage?: DenyMessageResult | PhaseError;
}

/** The chat phases' sections: same figures, each chat's own calls. */
const CHATS = [
  {
    key: 'phone',
    label: 'Phone',
    what: 'the Telegram channel against the stand-in Bot API',
    send: 'sendMessage',
    edit: 'editMessageText',
    activity: 'polls',
  },
  {
    key: 'slack',
    label: 'Slack',
    what: 'the Slack channel against the Slack stand-in',
    send: 'chat.postMessage',
    edit: 'chat.update',
    activity: 'connections',
  },
] as const;

/** One figure held against its target. `pass` null: nothing was measured, or (with `notJudged`) too little to judge. */
export interface Verdict {
  readonly measure: string;
  readonly value: number | null;
  readonly target: string;
  readonly pass: boolean | null;
  /** Why a measured figure has no verdict (a soak shorter than its targets need). */
  readonly notJudged?: string;
}

/** Whether a phase result is an error. */
export function isError(value: unknown): value is PhaseError {
  return typeof value === 'object' && value !== null && 'error' in value;
}

const ms = (v: number | null): number | null => round(v, 0);
const pct = (v: number | null): number | null => round(v, 2);
const tally = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .map(([k, n]) => `${k}×${n}`)
    .join(' ') || '–';

/** One row of n, p50, p95 and max in whole ms. */
const timing = (name: string, x: Summary): Cell[] => [name, x.n, ms(x.p50), ms(x.p95), ms(x.max)];

/** A status-line command's p95 ÷ bare Node's p95 in the same run, to two decimals; null without figures. */
function bareNodeRatio(s: Summary, t: TuiResult): number | null {
  if (s.p95 === null || t.tmuxStatusBare.p95 === null || t.tmuxStatusBare.p95 <= 0) return null;
  return round(s.p95 / t.tmuxStatusBare.p95, 2);
}

/** Every figure that has a target, with its verdict. */
export function verdicts(r: BenchResults): Verdict[] {
  const out: Verdict[] = [];
  const p95 = (measure: string, s: Summary | null, max: number): void => {
    out.push({ measure, value: ms(s?.p95 ?? null), target: `p95 ≤ ${max} ms`, pass: within(s?.p95 ?? null, max) });
  };
  if (r.tui && !isError(r.tui)) {
    p95(`trailboss tui first frame, ${r.tui.items} items`, r.tui.firstFrame, TUI_TARGETS.firstFrameMs);
    p95('trailboss tui: item queued → shown in the open UI', r.tui.newItem, TUI_TARGETS.newItemMs);
    p95('tmux status segment as installed (/bin/sh script)', r.tui.tmuxSegment, TUI_TARGETS.tmuxStatusMs);
    const ratio = bareNodeRatio(r.tui.tmuxSegment, r.tui);
    out.push({
      measure: 'tmux status segment ÷ bare node -e 0 (p95)',
      value: ratio,
      target: `≤ ${TUI_TARGETS.tmuxStatusRatio}×`,
      pass: ratio === null ? null : ratio <= TUI_TARGETS.tmuxStatusRatio,
    });
  }
  if (r.detection && !isError(r.detection)) {
    for (const d of r.detection) p95(`detection, ${d.agents} agents (${d.mode})`, d.detection, detectionTargetFor(d.mode));
    for (const d of r.detection) p95(`approve, ${d.agents} agents (${d.mode})`, d.approve, TARGETS.approveP95Ms);
    // Every prompt drawn becomes its runtime's item, nothing else is queued, only the approve key is sent.
    for (const d of r.detection) {
      const wrong = d.missed + d.wrongReads + d.wrongKeys;
      out.push({
        measure: `detection reads, ${d.agents} agents (${d.mode}): missed + wrong`,
        value: wrong,
        target: '0',
        pass: wrong === 0,
      });
    }
  }
  if (r.cpu && !isError(r.cpu)) {
    for (const c of r.cpu) {
      const target = cpuTargetFor(c.panes);
      // Over several rounds, the median window.
      const engine = median(c.rows.filter((row) => row.watcher === 'engine').map((row) => row.watcherPct));
      if (target !== null && engine !== null)
        out.push({
          measure: `CPU, engine watching ${c.panes} panes`,
          value: pct(engine),
          target: `≤ ${target} % of a core`,
          pass: within(engine, target),
        });
    }
  }
  if (r.hooks && !isError(r.hooks)) {
    p95('hook POST → item queued', r.hooks.fusion.postToItem, TARGETS.hookToItemP95Ms);
    p95('hook fired (forwarder) → item:added', r.hooks.fusion.forwarderToItem, TARGETS.hookEndToEndP95Ms);
    if (r.hooks.codexFusion?.wired) {
      p95('Codex hook POST → item queued', r.hooks.codexFusion.postToItem, TARGETS.hookToItemP95Ms);
      p95('Codex hook fired (forwarder) → item:added', r.hooks.codexFusion.forwarderToItem, TARGETS.hookEndToEndP95Ms);
    }
    if (r.hooks.opencodeFusion?.wired) {
      p95('opencode event POST → item queued', r.hooks.opencodeFusion.postToItem, TARGETS.hookToItemP95Ms);
      p95('opencode event (plugin) → item:added', r.hooks.opencodeFusion.forwarderToItem, TARGETS.hookToItemP95Ms);
    }
  }
  if (r.cpu && !isError(r.cpu)) {
    for (const c of r.cpu) {
      const m = modeComparison(c);
      if (!m) continue;
      out.push({
        measure: `CPU, engine + tmux server, ${c.panes} panes: events ÷ poll (median of ${m.rounds} rounds side by side on twin fleets)`,
        // Three decimals: the paired rounds resolve about 1 %, and a median of 1.004 must not print as a failing 1.
        value: round(m.withServerRatio, 3),
        target: '≤ 1',
        pass: within(m.withServerRatio, 1),
      });
    }
  }
  if (r.remote && !isError(r.remote)) {
    const sshRows = r.remote.rows.filter((row) => row.mode === 'ssh');
    // The default mode's rows (events, one per round), or a result from before there were modes.
    const ssh = sshRows.filter((row) => row.observe !== 'poll');
    const size = `${r.remote.hosts} hosts × ${r.remote.panesPerHost} panes over ssh`;
    if (ssh.length > 0) {
      const observe = ssh[0]!.observe;
      // Over several rounds, the median round's figure.
      const ofRounds = ssh.length > 1 ? `median of ${ssh.length} rounds` : '';
      const tag = [observe, ofRounds].filter(Boolean).join(', ');
      const medianOf = (f: (row: (typeof ssh)[number]) => number | null) => medianOfPresent(ssh.map(f));
      const detectionP95 = medianOf((row) => row.detection.p95);
      const detectionMax = observe === 'events' ? TARGETS.remoteEventsDetectionP95Ms : TARGETS.remoteDetectionP95Ms;
      out.push({
        measure: `detection, ${size}${tag ? ` (${tag})` : ''}`,
        value: ms(detectionP95),
        target: `p95 ≤ ${detectionMax} ms`,
        pass: within(detectionP95, detectionMax),
      });
      const modes = remoteModeComparison(r.remote);
      if (modes) {
        const of = modes.rounds === 1 ? "1 round's paired ratio" : `median of ${modes.rounds} rounds' paired ratios`;
        // Three decimals, as the CPU phase's: a median of 1.004 must not print as a passing 1.
        out.push({
          measure: `CPU, engine + its ssh, ${size}: events ÷ poll (${of})`,
          value: round(modes.localRatio, 3),
          target: '≤ 1',
          pass: within(modes.localRatio, 1),
        });
        out.push({
          measure: `CPU, engine + its ssh per prompt detected, ${size}: events ÷ poll (${of})`,
          value: round(modes.perPromptRatio, 3),
          target: '≤ 1',
          pass: within(modes.perPromptRatio, 1),
        });
      }
      const missed = sshRows.reduce((sum, row) => sum + row.missed, 0);
      out.push({ measure: `prompts missed, ${size} (every mode and round)`, value: missed, target: '0', pass: missed === 0 });
      const approveP95 = medianOf((row) => row.approve.p95);
      out.push({
        measure: `approve, ${size}${ofRounds ? ` (${ofRounds})` : ''}`,
        value: ms(approveP95),
        target: `p95 ≤ ${TARGETS.remoteApproveP95Ms} ms`,
        pass: within(approveP95, TARGETS.remoteApproveP95Ms),
      });
      const enginePct = medianOf((row) => row.enginePct);
      out.push({
        measure: `CPU, engine, ${size}${ofRounds ? ` (${ofRounds})` : ''}`,
        value: pct(enginePct),
        target: `≤ ${TARGETS.remoteCpuPct} % of a core`,
        pass: within(enginePct, TARGETS.remoteCpuPct),
      });
      // Every engine of the run, either mode: the most any had.
      const sshPerHost = Math.max(...sshRows.map((row) => row.sshPerHost));
      out.push({
        measure: `ssh processes per host, ${size}`,
        value: sshPerHost,
        target: `= ${TARGETS.remoteSshPerHost}`,
        pass: sshPerHost === TARGETS.remoteSshPerHost,
      });
    }
  }
  if (r.denyMessage && !isError(r.denyMessage))
    for (const rt of r.denyMessage.runtimes) p95(`deny --message → confirmed delivery, ${rt.runtime}`, rt.delivery, DENY_MESSAGE_TARGET_MS);
  for (const [name, c, send] of [
    ['phone', r.phone, 'sendMessage'],
    ['slack', r.slack, 'chat.postMessage'],
  ] as const) {
    if (!c || isError(c)) continue;
    p95(`${name}: queued → ${send}, ${c.agents} agents`, c.queuedToSend, TARGETS.phoneQueuedToSendP95Ms);
    p95(`${name}: press → key in the pane, ${c.agents} agents`, c.pressToKey, TARGETS.phonePressToKeyP95Ms);
    const delta = median(c.idle.addedPct);
    out.push({
      measure: `${name}: engine CPU idle ${name === 'phone' ? 'polling' : 'with the socket connected'}, added (median of ${c.idle.addedPct.length} pairs)`,
      value: pct(delta),
      target: `≤ ${TARGETS.phoneIdleCpuDeltaPct} % of a core`,
      pass: within(delta, TARGETS.phoneIdleCpuDeltaPct),
    });
  }
  if (r.cli && !isError(r.cli)) {
    const row = (prefix: string) => (r.cli && !isError(r.cli) ? r.cli.rows.find((x) => x.name.startsWith(prefix)) : undefined);
    const help = row('trailboss --help');
    out.push({
      measure: 'installed trailboss --help, wall p50',
      value: ms(help?.wall.p50 ?? null),
      target: `≤ ${CLI_TARGETS.helpP50Ms} ms`,
      pass: within(help?.wall.p50 ?? null, CLI_TARGETS.helpP50Ms),
    });
    out.push({
      measure: 'installed trailboss --help, peak memory',
      value: round(help?.peakMB ?? null, 1),
      target: `≤ ${CLI_TARGETS.helpPeakMB} MB`,
      pass: within(help?.peakMB ?? null, CLI_TARGETS.helpPeakMB),
    });
    const queue = row('trailboss queue');
    out.push({
      measure: 'installed queue --json, wall p50',
      value: ms(queue?.wall.p50 ?? null),
      target: `≤ ${CLI_TARGETS.queueP50Ms} ms`,
      pass: within(queue?.wall.p50 ?? null, CLI_TARGETS.queueP50Ms),
    });
    const status = row('trailboss status');
    out.push({
      measure: 'installed status --json scan, wall p50',
      value: ms(status?.wall.p50 ?? null),
      target: `≤ ${CLI_TARGETS.statusP50Ms} ms`,
      pass: within(status?.wall.p50 ?? null, CLI_TARGETS.statusP50Ms),
    });
    const snapshot = row('trailboss snapshot');
    out.push({
      measure: 'installed snapshot save, peak memory (tree)',
      value: round(snapshot?.peakMB ?? null, 1),
      target: `≤ ${CLI_TARGETS.snapshotPeakMB} MB`,
      pass: within(snapshot?.peakMB ?? null, CLI_TARGETS.snapshotPeakMB),
    });
  }
  if (r.soak && !isError(r.soak)) {
    for (const m of r.soak.measures) {
      if (m.target === null) continue;
      out.push({
        measure: `soak, ${r.soak.agents} agents: ${m.measure}${m.target.kind === 'ceiling' ? ' (max)' : ' (slope/h)'}`,
        value: round(m.target.kind === 'ceiling' ? m.trend.max : m.trend.slopePerHour, 2),
        target: describeTarget(m.target, m.unit),
        pass: m.pass,
        ...(m.notJudged !== null ? { notJudged: m.notJudged } : {}),
      });
    }
  }
  return out;
}

/** The report: one table per phase, then the verdicts. */
export function formatReport(r: BenchResults): string {
  const parts: string[] = [];
  const section = (title: string, headers: readonly string[], rows: readonly (readonly Cell[])[]): void => {
    parts.push(`${title}\n\n${textTable(headers, rows)}`);
  };
  const failed = (title: string, e: PhaseError): void => void parts.push(`${title}\n\nFAILED: ${e.error}`);
  if (r.tui) {
    const title = `Terminal UI — trailboss tui in a tmux pane (bundled CLI); first frame target p95 ≤ ${TUI_TARGETS.firstFrameMs} ms, new item ≤ ${TUI_TARGETS.newItemMs} ms; the installed status segment ≤ ${TUI_TARGETS.tmuxStatusMs} ms and ≤ ${TUI_TARGETS.tmuxStatusRatio}× bare Node (p95)`;
    if (isError(r.tui)) failed(title, r.tui);
    else
      section(
        title,
        ['measure', 'n', 'p50', 'p95', 'max'],
        [
          timing(`first frame, ${r.tui.items} items`, r.tui.firstFrame),
          timing('bare node -e in a new pane (floor now)', r.tui.bareNode),
          timing('item:added → shown', r.tui.newItem),
          timing(`status segment as installed: /bin/sh -c (printed ${r.tui.tmuxSegmentOutput})`, r.tui.tmuxSegment),
          timing(
            `trailboss tmux-status on Node (printed ${r.tui.tmuxStatusOutput}; ${bareNodeRatio(r.tui.tmuxStatus, r.tui) ?? '–'}× bare)`,
            r.tui.tmuxStatus,
          ),
          timing('bare node -e 0, alternating with them', r.tui.tmuxStatusBare),
        ],
      );
  }
  if (r.denyMessage) {
    const title = `Deny with a message — item:deny with a message → confirmed delivery, scripted agents (ms; target p95 ≤ ${DENY_MESSAGE_TARGET_MS})`;
    if (isError(r.denyMessage)) failed(title, r.denyMessage);
    else
      section(
        title,
        ['runtime', 'n', 'p50', 'p95', 'max', 'outcomes', 'keys the agent received'],
        r.denyMessage.runtimes.map((rt) => [...timing(rt.runtime, rt.delivery), tally(rt.outcomes), tally(rt.keys)]),
      );
  }
  for (const chat of CHATS) {
    const c = r[chat.key];
    if (!c) continue;
    const title = `${chat.label} — ${chat.what} (ms; CPU % of a core)`;
    if (isError(c)) failed(title, c);
    else {
      const s = (name: string, x: Summary, target: number): Cell[] => [name, x.n, ms(x.p50), ms(x.p95), ms(x.max), within(x.p95, target)];
      section(
        title,
        ['measure', 'n', 'p50', 'p95', 'max', 'ok'],
        [
          s(`queued → ${chat.send} (${c.agents} agents, ${c.prompting} prompting)`, c.queuedToSend, TARGETS.phoneQueuedToSendP95Ms),
          s('press delivered → key in the pane', c.pressToKey, TARGETS.phonePressToKeyP95Ms),
          [
            `press delivered → outcome edit, ${chat.edit} (no target: it only tidies)`,
            c.pressToEdit.n,
            ms(c.pressToEdit.p50),
            ms(c.pressToEdit.p95),
            ms(c.pressToEdit.max),
            null,
          ],
          ['prompts queued whose message had not gone 2 s after the window', c.queuedUnsent, null, null, null, c.queuedUnsent === 0],
          ['presses whose outcome edit had not come 90 s after the window', c.pressesUnedited, null, null, null, c.pressesUnedited === 0],
        ],
      );
      const seconds = c.windowMs / 1000;
      section(
        `${chat.label} — API calls during the ${seconds} s window${chat.key === 'phone' ? ' (getUpdates left out)' : ''}`,
        ['method', 'calls', 'per second'],
        Object.entries(c.calls).map(([method, n]): Cell[] => [method, n, round(n / seconds, 2)]),
      );
      const { idle } = c;
      let paired = 0;
      section(
        `${chat.label} — engine CPU idle, no agents, engine in its own process, ${idle.windowMs / 1000} s windows (% of a core); target: added ≤ ${TARGETS.phoneIdleCpuDeltaPct}`,
        ['window', 'channel', 'CPU %', chat.activity, 'added %'],
        idle.windows.map((w, i): Cell[] => [
          i + 1,
          w.paired ? 'paired' : 'unpaired',
          pct(w.cpuPct),
          w.polls,
          w.paired ? pct(idle.addedPct[paired++] ?? null) : null,
        ]),
      );
      const added = idle.addedPct;
      section(
        `${chat.label} — idle CPU added by the channel (paired minus the unpaired windows either side)`,
        ['min', 'median', 'max', 'ok'],
        [[pct(Math.min(...added)), pct(median(added)), pct(Math.max(...added)), within(median(added), TARGETS.phoneIdleCpuDeltaPct)]],
      );
    }
  }
  if (r.detection) {
    const t1 = `Detection latency — prompt drawn → item queued (ms), 20 % of the agents busy; target p95 ≤ ${TARGETS.eventsDetectionP95Ms} (events), ≤ ${TARGETS.detectionP95Ms} (poll)`;
    const t2 = `Approve latency — request → key received in the pane, re-verify capture included (ms); target p95 ≤ ${TARGETS.approveP95Ms}`;
    if (isError(r.detection)) failed(t1, r.detection);
    else {
      section(
        t1,
        ['agents', 'busy', 'mode', 'n', 'missed', 'wrong reads', 'wrong keys', 'p50', 'p95', 'max', 'ok'],
        r.detection.map((d) => [
          d.agents,
          d.busy,
          d.mode,
          d.detection.n,
          d.missed,
          d.wrongReads,
          d.wrongKeys,
          ms(d.detection.p50),
          ms(d.detection.p95),
          ms(d.detection.max),
          within(d.detection.p95, detectionTargetFor(d.mode)),
        ]),
      );
      section(
        'Detection by runtime — prompt drawn → item queued (ms); first wrong reads, if any',
        ['agents', 'mode', 'runtime', 'n', 'p50', 'p95', 'max', 'wrong'],
        r.detection.flatMap((d) =>
          Object.entries(d.detectionByRuntime).map(([runtime, x]): Cell[] => [
            d.agents,
            d.mode,
            runtime,
            x.n,
            ms(x.p50),
            ms(x.p95),
            ms(x.max),
            d.wrongExamples.filter((w) => w.startsWith(`${runtime} `) || w.startsWith(`busy ${runtime} `)).join('; ') || '–',
          ]),
        ),
      );
      section(
        t2,
        ['agents', 'mode', 'n', 'p50', 'p95', 'max', 'outcomes', 'keys received', 'ok'],
        r.detection.map((d) => [
          d.agents,
          d.mode,
          d.approve.n,
          ms(d.approve.p50),
          ms(d.approve.p95),
          ms(d.approve.max),
          tally(d.approveOutcomes),
          tally(d.keysReceived),
          within(d.approve.p95, TARGETS.approveP95Ms),
        ]),
      );
    }
  }
  if (r.cpu) {
    const title = 'CPU — % of one core; the target applies to "watcher" (the watching process + its tmux client processes)';
    if (isError(r.cpu)) failed(title, r.cpu);
    else {
      const rows = r.cpu.flatMap((c) =>
        c.rows.map((row): Cell[] => {
          const target = row.watcher === 'engine' ? cpuTargetFor(c.panes) : null;
          return [
            c.panes,
            row.round === undefined ? row.watcher : `${row.watcher} #${row.round}${row.fleet ? ` (${row.fleet})` : ''}`,
            round(row.windowMs / 1000, 0),
            round(row.ticksPerS, 2),
            round(row.capturesPerS, 1),
            pct(row.processPct),
            pct(row.clientsPct),
            pct(row.watcherPct),
            pct(row.serverExtraPct),
            pct(row.totalPct),
            target === null ? '' : `≤ ${target}`,
            target === null ? '' : within(row.watcherPct, target),
          ];
        }),
      );
      section(
        title,
        [
          'panes',
          'watcher',
          's',
          'ticks/s',
          'captures/s',
          'process',
          'tmux clients',
          'watcher',
          'tmux server extra',
          'all',
          'target',
          'ok',
        ],
        rows,
      );
      const ratios = r.cpu.map((c): Cell[] => {
        const get = (w: string) => c.rows.find((row) => row.watcher === w) ?? null;
        const base = get('observer-per-process');
        return [
          c.panes,
          tally(c.mix),
          pct(c.serverIdlePct),
          round(ratio(base?.watcherPct ?? null, get('observer-control')?.watcherPct ?? null), 1),
          round(ratio(base?.totalPct ?? null, get('observer-control')?.totalPct ?? null), 1),
          round(ratio(base?.watcherPct ?? null, get('engine')?.watcherPct ?? null), 1),
        ];
      });
      section(
        "CPU of the engine by observe mode — side by side on twin fleets (two identical tmux servers and agent sets), the same window for both modes, twins swapped each round; CPU: medians over the rounds; events ÷ poll: median of the rounds' ratios (≤ 1: events costs no more); \"+ server\" adds its twin's tmux server's whole CPU",
        [
          'panes',
          'rounds',
          'tmux idle A / B',
          'events: watcher',
          'poll: watcher',
          'events ÷ poll (watcher)',
          'events + server',
          'poll + server',
          'events ÷ poll (+ server)',
          'ok',
        ],
        r.cpu.map((c): Cell[] => {
          const m = modeComparison(c);
          return [
            c.panes,
            m?.rounds ?? null,
            c.twinIdlePct ? `${pct(c.twinIdlePct.A)} / ${pct(c.twinIdlePct.B)}` : '',
            pct(m?.eventsWatcherPct ?? null),
            pct(m?.pollWatcherPct ?? null),
            round(m?.watcherRatio ?? null, 3),
            pct(m?.eventsWithServerPct ?? null),
            pct(m?.pollWithServerPct ?? null),
            round(m?.withServerRatio ?? null, 3),
            m?.withServerRatio == null ? '' : within(m.withServerRatio, 1),
          ];
        }),
      );
      const perRound = r.cpu.flatMap((c) =>
        (modeComparison(c)?.perRound ?? []).map((x): Cell[] => [
          c.panes,
          x.round,
          twinsCell(x.eventsOn),
          round(x.watcher, 3),
          round(x.withServer, 3),
          loadCell(x.load),
        ]),
      );
      if (perRound.length > 1)
        section(
          'CPU by observe mode, each round (both modes in one window, on twin fleets) — events ÷ poll',
          ['panes', 'round', 'events / poll on twin', 'watcher', '+ server', 'load (1 min) after the window'],
          perRound,
        );
      section(
        'CPU baseline ratios — one process per capture ÷ control mode (× as much CPU)',
        ['panes', 'fleet', 'tmux server idle %', 'observer: watcher', 'observer: all', 'per-process observer ÷ engine'],
        ratios,
      );
    }
  }
  if (r.hooks) {
    const title = 'Hooks — Claude and Codex PermissionRequest (ms)';
    if (isError(r.hooks)) failed(title, r.hooks);
    else {
      const { ingest, fusion, codexFusion, opencodeFusion } = r.hooks;
      const row = (name: string, s: Summary | null, target: number | null): Cell[] => [
        name,
        s?.n ?? 0,
        ms(s?.p50 ?? null),
        ms(s?.p95 ?? null),
        ms(s?.max ?? null),
        target === null ? '' : `p95 ≤ ${target}`,
        target === null ? '' : within(s?.p95 ?? null, target),
      ];
      const rows: Cell[][] = [
        row('ingest route: POST → delivered', ingest.postToDelivery, null),
        row('ingest route: forwarder started → delivered', ingest.forwarderToDelivery, null),
        row('forwarder run time (Claude waits this)', ingest.forwarderRun, null),
        row('bare `node -e 0` run time, same machine now', ingest.bareNodeRun, null),
      ];
      if (fusion.wired) {
        rows.push(row('engine: POST → item:added', fusion.postToItem, TARGETS.hookToItemP95Ms));
        rows.push(row('engine: forwarder started → item:added', fusion.forwarderToItem, TARGETS.hookEndToEndP95Ms));
      } else rows.push([`engine: hooks not accepted (HTTP ${fusion.probeStatus}) — not measured`, 0, null, null, null, '', null]);
      if (codexFusion?.wired) {
        rows.push(row('engine, Codex: POST → item:added', codexFusion.postToItem, TARGETS.hookToItemP95Ms));
        rows.push(row('engine, Codex: forwarder started → item:added', codexFusion.forwarderToItem, TARGETS.hookEndToEndP95Ms));
      } else if (codexFusion)
        rows.push([`engine: Codex hooks not accepted (HTTP ${codexFusion.probeStatus}) — not measured`, 0, null, null, null, '', null]);
      if (opencodeFusion?.wired) {
        rows.push(row('engine, opencode: POST → item:added', opencodeFusion.postToItem, TARGETS.hookToItemP95Ms));
        rows.push(row('engine, opencode: plugin event → item:added', opencodeFusion.forwarderToItem, TARGETS.hookToItemP95Ms));
      } else if (opencodeFusion)
        rows.push([
          `engine: opencode plugin events not accepted (HTTP ${opencodeFusion.probeStatus}) — not measured`,
          0,
          null,
          null,
          null,
          '',
          null,
        ]);
      section(
        `${title}${fusion.wired && fusion.missed > 0 ? `; ${fusion.missed} hooks without an item` : ''}`,
        ['path', 'n', 'p50', 'p95', 'max', 'target', 'ok'],
        rows,
      );
      if (fusion.wired)
        parts.push(
          `Approvals of these items: ${tally(fusion.approveOutcomes)}${fusion.firstRefusal ? ` — first refusal: "${fusion.firstRefusal}"` : ''}`,
        );
    }
  }
  if (r.tmuxCapture) {
    const title = 'Folded in: bench/tmux-capture.ts — one tick of captures (plain + -e of every pane)';
    if (isError(r.tmuxCapture)) failed(title, r.tmuxCapture);
    else
      section(
        title,
        ['panes', 'method', 'ms/tick p50', 'ms/tick p95', 'CPU ms/tick', 'CPU % at 1 Hz'],
        r.tmuxCapture.rows.map(
          (x) => [x['panes'], x['method'], x['msPerTickP50'], x['msPerTickP95'], x['cpuMsPerTick'], x['cpuPercentAt1Hz']] as Cell[],
        ),
      );
  }
  if (r.snapshot) {
    const small = !isError(r.snapshot) && r.snapshot.fileMB < 90 ? ' (small --quick file: process start weighs on MB/s)' : '';
    const title = `Folded in: bench/snapshot.ts — transcript extraction; targets ≥ 50 MB/s, ≤ 100 MB peak RSS${small}`;
    if (isError(r.snapshot)) failed(title, r.snapshot);
    else
      section(
        title,
        ['file MB', 'median MB/s', 'max peak RSS MB', 'ok'],
        [[round(r.snapshot.fileMB, 1), round(r.snapshot.medianMBps, 1), round(r.snapshot.maxPeakRssMB, 1), r.snapshot.pass]],
      );
  }
  if (r.remote) {
    const title =
      'Remote — over loopback ssh, the two observe modes side by side on twin host sets (A and B, swapped each round); then twin A as local servers (ms; CPU % of one core)';
    if (isError(r.remote)) failed(title, r.remote);
    else {
      const rm = r.remote;
      section(
        `${title}: ${rm.hosts} hosts × ${rm.panesPerHost} panes (${rm.loopingPerHost} looping prompts each) per twin, ${rm.windowMs / 1000} s window`,
        [
          'mode',
          'observe',
          'round',
          'twin',
          'detect n',
          'missed',
          'detect p50',
          'detect p95',
          'approve n',
          'approve p50',
          'approve p95',
          'outcomes',
          'keys received',
          'engine CPU %',
          'ssh CPU %',
          'ssh per host',
          'hosts’ tmux CPU %',
        ],
        rm.rows.map((row) => [
          row.mode,
          row.observe ?? '',
          row.round ?? '',
          row.twin ?? '',
          row.detection.n,
          row.missed,
          ms(row.detection.p50),
          ms(row.detection.p95),
          row.approve.n,
          ms(row.approve.p50),
          ms(row.approve.p95),
          tally(row.approveOutcomes),
          tally(row.keysReceived),
          pct(row.enginePct),
          pct(row.sshPct),
          row.sshPerHost,
          row.serversPct === undefined ? '–' : pct(row.serversPct),
        ]),
      );
      const modes = remoteModeComparison(rm);
      if (modes) {
        section(
          `Remote by observe mode — ${modes.rounds} round${modes.rounds === 1 ? '' : 's'}, both modes in one window on twin host sets; CPU and detection p95: medians over the rounds; events ÷ poll: median of the rounds' paired ratios (≤ 1: events costs no more); the agents prompt at a fixed pace, so both face the same prompts; per prompt detected too`,
          [
            'events: engine + ssh %',
            'poll: engine + ssh %',
            'events ÷ poll',
            'per prompt detected',
            'hosts’ tmux servers',
            'events detect p95',
            'poll detect p95',
            'missed events / poll',
          ],
          [
            [
              pct(modes.eventsLocalPct),
              pct(modes.pollLocalPct),
              round(modes.localRatio, 3),
              round(modes.perPromptRatio, 3),
              round(modes.serversRatio, 3),
              ms(modes.eventsDetectionP95),
              ms(modes.pollDetectionP95),
              `${modes.eventsMissed} / ${modes.pollMissed}`,
            ],
          ],
        );
        if (modes.perRound.length > 1)
          section(
            'Remote by observe mode, each round (both modes in one window, on twin host sets) — events ÷ poll',
            [
              'round',
              'events / poll on twin',
              'engine + ssh',
              'per prompt detected',
              'hosts’ tmux servers',
              'load (1 min) after the window',
            ],
            modes.perRound.map((x): Cell[] => [
              x.round,
              twinsCell(x.eventsOn),
              round(x.local, 3),
              round(x.perPrompt, 3),
              round(x.servers, 3),
              loadCell(x.load),
            ]),
          );
      }
      const ssh = rm.rows.filter((row) => row.mode === 'ssh' && row.observe !== 'poll');
      const local = rm.rows.find((row) => row.mode === 'local');
      if (ssh.length > 0 && local) {
        const sshMedian = (f: (row: (typeof ssh)[number]) => number | null) => medianOfPresent(ssh.map(f));
        section(
          `Remote ÷ local (× as much; over ssh: ${ssh.length > 1 ? `the median of the ${ssh.length} events rounds, each` : 'the events row,'} run beside a poll engine on the other twin; local: twin A alone)`,
          ['detection p95', 'approve p95', 'engine CPU'],
          [
            [
              round(
                ratio(
                  sshMedian((row) => row.detection.p95),
                  local.detection.p95,
                ),
                2,
              ),
              round(
                ratio(
                  sshMedian((row) => row.approve.p95),
                  local.approve.p95,
                ),
                2,
              ),
              round(
                ratio(
                  sshMedian((row) => row.enginePct),
                  local.enginePct,
                ),
                2,
              ),
            ],
          ],
        );
      }
    }
  }
  if (r.cli) {
    const title =
      'CLI — the installed command (npm pack + npm install -g), wall ms and peak memory of the whole process tree, beside bare Node';
    if (isError(r.cli)) failed(title, r.cli);
    else {
      const bare = r.cli.rows[0]?.wall.p50 ?? null;
      section(
        `${title}; tarball ${round(r.cli.tarballKB, 0)} kB`,
        ['command', 'n', 'p50', 'p95', 'max', '× bare node p50', 'paired bare p50', '× paired bare', 'peak MB'],
        r.cli.rows.map((x) => [
          x.name,
          x.wall.n,
          ms(x.wall.p50),
          ms(x.wall.p95),
          ms(x.wall.max),
          round(ratio(x.wall.p50, bare), 1),
          x.pairedBareP50 === undefined ? '' : ms(x.pairedBareP50),
          x.pairedBareP50 === undefined ? '' : round(ratio(x.wall.p50, x.pairedBareP50), 2),
          round(x.peakMB, 1),
        ]),
      );
    }
  }
  if (r.soak) {
    const title = 'Soak — trailboss daemon in its own process, agents answered through the API, a tenth of the panes replaced';
    if (isError(r.soak)) failed(title, r.soak);
    else {
      const s = r.soak;
      section(
        `${title}: ${s.agents} agents, ${s.warmupS} s warm-up, then ${Math.round(s.windowS / 6) / 10} min sampled every ${s.sampleEveryS} s (n = ${s.samples.length}${s.samples.every((x) => x.gcForced) ? ', each after a full garbage collection' : ', memory read WITHOUT a full garbage collection first'}); slopes by least squares, ± one standard error; slopes judged from ${SOAK_TARGETS.judgedFromMinutes} min of samples`,
        ['measure', 'unit', 'n', 'first', 'last', 'max', 'slope/h', '± SE', 'target', 'ok'],
        s.measures.map((m) => [
          m.measure,
          m.unit,
          m.trend.n,
          round(m.trend.first, 2),
          round(m.trend.last, 2),
          round(m.trend.max, 2),
          round(m.trend.slopePerHour, 2),
          round(m.trend.slopeSE, 2),
          m.target === null ? '' : describeTarget(m.target, m.unit),
          m.target === null ? '' : (m.notJudged ?? m.pass),
        ]),
      );
      parts.push(
        `Soak throughput: ${s.approvedPerHour} approvals/h and ${s.repliedPerHour} replies/h confirmed in the pane; approvals ${tally(s.approvals)}, replies ${tally(s.replies)}; ${s.panesReplaced} panes replaced; ${s.sseEvents} SSE events read; API errors ${s.apiErrors}${s.firstApiError ? ` (first: ${s.firstApiError})` : ''}`,
      );
    }
  }
  const v = verdicts(r);
  if (v.length > 0)
    section(
      'Targets',
      ['measure', 'value', 'target', 'ok'],
      v.map((x) => [x.measure, x.value, x.target, x.notJudged ?? x.pass]),
    );
  return parts.join('\n\n');
}

/** A paired round's twins as the report shows them: events' twin / poll's (empty before twins). */
function twinsCell(eventsOn: Twin | null): string {
  return eventsOn === null ? '' : `${eventsOn} / ${eventsOn === 'A' ? 'B' : 'A'}`;
}

/** A round's load average, one decimal (empty where it was not read). */
function loadCell(load: number | null): string {
  return load === null ? '' : load.toFixed(1);
}
