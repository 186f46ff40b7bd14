/**
 * Hook → queue item through the real engine: looping scripted Claude panes; the moment a
 * pane draws its prompt, the bench sends the recorded PermissionRequest for that pane (as Claude
 * does within ~50 ms of drawing it), alternately by direct POST and through the forwarder, and
 * times `item:added`. First it asks whether the engine takes hooks at all: when the route is not
 * mounted it reports the gap instead of timing the pane path under the hook's name.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { StateRecord } from '../test/support/scripted-agent/record.ts';
import { readRecords } from '../test/support/scripted-agent/record.ts';
import { startHost } from './child-host.ts';
import { startFleet } from './fleet.ts';
import type { HookRuntime } from './hook-post.ts';
import type { PluginHost } from './hook-post.ts';
import { hookPayload, postHook, runForwarder, startPluginHost } from './hook-post.ts';
import type { HostMessage } from './host-protocol.ts';
import { preciseNow } from './host-protocol.ts';
import { loopingPrompt } from './scenarios.ts';
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

/** What the engine did with hooks. */
export interface HookFusionResult {
  /** The engine answered the probe hook with 202 (the ingest route is mounted). */
  readonly wired: boolean;
  /** HTTP status of the probe (404: no hook route on the engine's server). */
  readonly probeStatus: number;
  /** Direct POST of PermissionRequest → `item:added` for that pane (null when not wired). */
  readonly postToItem: Summary | null;
  /**
   * Forwarder started → `item:added`: the hook's end to end to the notification event (null when not
   * wired). For opencode: the event handed to the installed plugin in its running host → `item:added`.
   */
  readonly forwarderToItem: Summary | null;
  /** Hooks sent with no item before the pane's next prompt. */
  readonly missed: number;
  /** How the engine host's approvals of these items ended (a hook-born item may be refused until the pane is parsed). */
  readonly approveOutcomes: Readonly<Record<string, number>>;
  /** The first refusal's message, if any: why approve could not act on a hook-born item yet. */
  readonly firstRefusal: string | null;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Run with `agents` panes of `runtime` (Claude unless said) for `windowMs`. */
export async function runHookFusion(opts: { agents: number; windowMs: number; runtime?: HookRuntime }): Promise<HookFusionResult> {
  const runtime = opts.runtime ?? 'claude';
  const loops = Array.from({ length: opts.agents }, () =>
    loopingPrompt(runtime, { firstPromptMs: 4000 + Math.random() * 2000, idleMs: 1600 }),
  );
  const fleet = await startFleet(loops.map((l) => l.scenario));
  try {
    const home = join(fleet.dir, 'engine');
    const host = await startHost('engine-host.ts', {
      home,
      socket: fleet.socket,
      captureMode: 'control',
      api: true,
      autoApprove: { maxDelayMs: 1000 },
    });
    try {
      const ready = host.messages.find((m): m is Extract<HostMessage, { type: 'ready' }> => m.type === 'ready')!;
      const target = { port: ready.port!, token: ready.token! };
      // A probe that queues nothing: Claude's MessageDisplay; Codex has none, so a Stop from no pane.
      const probe =
        runtime === 'claude' ? hookPayload('MessageDisplay.json', randomUUID()) : hookPayload('Stop.json', randomUUID(), runtime);
      const probeStatus = await postHook(target, probe, { tmuxPane: null, tmuxSocket: null }, runtime);
      if (probeStatus !== 202)
        return { wired: false, probeStatus, postToItem: null, forwarderToItem: null, missed: 0, approveOutcomes: {}, firstRefusal: null };
      const sent: { paneKey: string; via: 'post' | 'forwarder'; t: number }[] = [];
      const promptsOf = (i: number): StateRecord[] =>
        readRecords(fleet.agents[i]!.recordPath).filter((r): r is StateRecord => r.type === 'state' && r.state === loops[i]!.promptState);
      // Prompts drawn before now had no hook sent in time: only later ones count.
      const seen = fleet.agents.map((_, i) => promptsOf(i).length);
      const sessions = fleet.agents.map(() => randomUUID());
      // opencode's plugin lives in the agent's own long-running process: one host per pane, started once.
      const plugins: PluginHost[] =
        runtime === 'opencode'
          ? fleet.agents.map((agent) =>
              startPluginHost(fleet.dir, join(home, 'endpoint.json'), {
                tmuxPane: agent.paneId,
                tmux: `${fleet.socket},${fleet.serverPid},0`,
              }),
            )
          : [];
      await sleep(runtime === 'opencode' ? 1000 : 0);
      const end = preciseNow() + opts.windowMs;
      let turn = 0;
      const pending: Promise<unknown>[] = [];
      // Poll the agents' records (cheap file reads) for a newly drawn prompt, and send its hook at once.
      while (preciseNow() < end) {
        fleet.agents.forEach((agent, i) => {
          const prompts = promptsOf(i);
          if (prompts.length <= seen[i]!) return;
          seen[i] = prompts.length;
          const payload = hookPayload('PermissionRequest.json', sessions[i], runtime);
          const paneKey = fleet.paneKey(agent);
          const via = turn++ % 2 === 0 ? 'post' : 'forwarder';
          if (via === 'post') {
            sent.push({ paneKey, via, t: preciseNow() });
            pending.push(postHook(target, payload, { tmuxPane: agent.paneId, tmuxSocket: fleet.socket }, runtime));
          } else if (runtime === 'opencode') {
            sent.push({ paneKey, via, t: plugins[i]!.send(payload) });
          } else {
            sent.push({ paneKey, via, t: preciseNow() });
            pending.push(
              runForwarder(
                join(home, 'endpoint.json'),
                payload,
                { home: fleet.dir, tmuxPane: agent.paneId, tmux: `${fleet.socket},${fleet.serverPid},0` },
                runtime,
              ),
            );
          }
        });
        await sleep(5);
      }
      await Promise.allSettled(pending);
      await sleep(2000);
      for (const p of plugins) p.stop();
      const post: number[] = [];
      const forwarder: number[] = [];
      let missed = 0;
      for (const s of sent) {
        const later = sent.find((o) => o.paneKey === s.paneKey && o.t > s.t)?.t ?? Infinity;
        const added = host.messages.find(
          (m) => m.type === 'added' && m.paneKey === s.paneKey && m.reason === 'permission' && m.t >= s.t && m.t < later,
        );
        if (!added || added.type !== 'added') missed++;
        else (s.via === 'post' ? post : forwarder).push(added.t - s.t);
      }
      const approvals = host.messages.filter((m): m is Extract<HostMessage, { type: 'approve' }> => m.type === 'approve');
      const approveOutcomes: Record<string, number> = {};
      for (const a of approvals) approveOutcomes[a.outcome] = (approveOutcomes[a.outcome] ?? 0) + 1;
      const firstRefusal = approvals.find((a) => a.outcome === 'refused')?.message ?? null;
      return {
        wired: true,
        probeStatus,
        postToItem: summarize(post),
        forwarderToItem: summarize(forwarder),
        missed,
        approveOutcomes,
        firstRefusal,
      };
    } finally {
      await host.stop();
    }
  } finally {
    await fleet.dispose();
  }
}
