/**
 * How fast a hook becomes a queue item, on a real engine with a scripted Claude pane: over 60
 * PermissionRequests, the time from the engine receiving the hook to the item being stored (and
 * announced), from the HTTP post to `item:added`, and — for a few — from starting the forwarder
 * process to `item:added`. Prints the figures; asserts generous bounds (the machine is shared).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import type { EventLog, HookOrigin } from './support.ts';
import { heldWorking, paneKeyOf, payload, postHook, recordItemEvents, runForwarder, waitForTruth } from './support.ts';
import { poll } from '../../support/poll.ts';

const POSTED = 60;
const FORWARDED = 10;

let h: EngineHarness | null = null;
let events: EventLog | null = null;
afterEach(async () => {
  events?.stop();
  events = null;
  await h?.dispose();
  h = null;
});

/** Nearest-rank percentile. */
function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function summary(samples: readonly number[]): { n: number; p50: number; p95: number; max: number } {
  const round = (x: number) => Math.round(x * 10) / 10;
  return { n: samples.length, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), max: round(Math.max(...samples)) };
}

/** A distinct Bash request each time, so each is a new wait (a new item). */
function request(i: number): Record<string, unknown> {
  return payload('PermissionRequest.json', { tool_input: { command: `ls -la /tmp/run-${i}`, description: `List run ${i}` } });
}

describe('hooks integration: latency', () => {
  it(
    `hook received → queue item and hook → item:added, over ${POSTED} posted and ${FORWARDED} forwarded hooks`,
    { timeout: 120_000 },
    async () => {
      h = await startEngineHarness({ api: true });
      const agent = await startScriptedAgent(h.tmux, heldWorking(claudePermBash()), { session: 'bench' });
      const pane = paneKeyOf(h.socket, agent);
      const origin: HookOrigin = { paneId: agent.paneId, socket: h.socket };
      await waitForTruth(h.engine, pane, (s) => s.state === 'working', 'the pane seen working');
      const log = (events = recordItemEvents(h.engine));

      const receivedToStored: number[] = [];
      const postToAdded: number[] = [];
      const forwarderToAdded: number[] = [];
      /** One cycle: the request queues an item; PostToolUse (the tool ran) resolves it again. */
      const cycle = async (i: number, send: () => Promise<unknown>): Promise<number> => {
        const sent = performance.now();
        await send();
        const added = await poll(() => log.added[i], `item ${i}`);
        expect(added.item.subject).toBe(`Bash: ls -la /tmp/run-${i}`);
        receivedToStored.push(added.at - added.item.firstSeen);
        await postHook(h!.engine, payload('PostToolUse.json'), origin);
        await poll(() => log.resolved.find((r) => r.id === added.item.id), `item ${i} resolved`);
        return added.t - sent;
      };

      for (let i = 0; i < POSTED; i++) postToAdded.push(await cycle(i, () => postHook(h!.engine, request(i), origin)));
      for (let i = POSTED; i < POSTED + FORWARDED; i++)
        forwarderToAdded.push(await cycle(i, () => runForwarder(h!.engine.paths.endpoint, request(i), origin)));

      const figures = {
        receivedToQueueItem: summary(receivedToStored),
        postToItemAdded: summary(postToAdded),
        forwarderStartToItemAdded: summary(forwarderToAdded),
      };
      console.log(`hook latency (ms): ${JSON.stringify(figures)}`);
      expect(log.added).toHaveLength(POSTED + FORWARDED);
      expect(figures.receivedToQueueItem.p95).toBeLessThan(300);
      expect(figures.postToItemAdded.p95).toBeLessThan(300);
      // Includes starting a Node process on a shared, loaded machine: bounded, not tight.
      expect(figures.forwarderStartToItemAdded.p95).toBeLessThan(2_000);
    },
  );
});
