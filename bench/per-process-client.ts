/**
 * The baseline the design forbids, built only to measure it: a TmuxClient whose capture runs one
 * `tmux capture-pane` process per pane (two with colour), at most 8 at a time. Everything else
 * delegates to the batched client, so the observer above it behaves exactly as in the product.
 */
import type { Logger } from '../main/engine/platform/log.ts';
import type { Runner } from '../main/engine/platform/run.ts';
import { BatchTmuxClient } from '../main/engine/tmux/batch-client.ts';
import { captureArgs, outputLines } from '../main/engine/tmux/capture-commands.ts';
import { TMUX_BINARY, TMUX_ENV, tmuxGlobalArgs } from '../main/engine/tmux/server-args.ts';
import type { CaptureRequest, ClientInfo, PaneInfo, PaneScreenCapture, TmuxClient, TmuxServer } from '../main/engine/tmux/types.ts';

/** Processes in flight at once (a naive poller would not run hundreds in parallel either). */
const PARALLEL = 8;

/** One process per capture; see the file comment. */
export class PerProcessTmuxClient implements TmuxClient {
  private readonly batch: BatchTmuxClient;

  constructor(
    readonly server: TmuxServer,
    private readonly runner: Runner,
    logger: Logger,
  ) {
    this.batch = new BatchTmuxClient(server, runner, { logger });
  }

  listPanes(): Promise<PaneInfo[]> {
    return this.batch.listPanes();
  }

  listClients(): Promise<ClientInfo[]> {
    return this.batch.listClients();
  }

  async capture(requests: readonly CaptureRequest[]): Promise<PaneScreenCapture[]> {
    const jobs = requests.flatMap((r) =>
      r.colour
        ? [
            { r, colour: false },
            { r, colour: true },
          ]
        : [{ r, colour: false }],
    );
    const out = new Map<string, string[] | null>();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const res = await this.runner.run(TMUX_BINARY, [...tmuxGlobalArgs(this.server), ...captureArgs(job.r.paneId, job.colour)], {
          env: TMUX_ENV,
          timeoutMs: 5000,
        });
        out.set(`${job.r.paneId}|${job.colour}`, res.exitCode === 0 ? outputLines(res.stdout) : null);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker));
    const results: PaneScreenCapture[] = [];
    for (const r of requests) {
      const lines = out.get(`${r.paneId}|false`);
      const ansi = r.colour ? out.get(`${r.paneId}|true`) : undefined;
      if (!lines?.length || (r.colour && !ansi?.length)) continue; // the pane is gone
      results.push(ansi ? { paneId: r.paneId, lines, ansiLines: ansi } : { paneId: r.paneId, lines });
    }
    return results;
  }

  sendKeys(paneId: string, keys: readonly string[]): Promise<void> {
    return this.batch.sendKeys(paneId, keys);
  }

  sendText(paneId: string, text: string): Promise<void> {
    return this.batch.sendText(paneId, text);
  }

  pasteText(paneId: string, text: string): Promise<void> {
    return this.batch.pasteText(paneId, text);
  }

  focusPane(paneId: string, clientTty?: string): Promise<void> {
    return this.batch.focusPane(paneId, clientTty);
  }

  command(args: readonly string[]): Promise<string> {
    return this.batch.command(args);
  }

  close(): Promise<void> {
    return this.batch.close();
  }
}
