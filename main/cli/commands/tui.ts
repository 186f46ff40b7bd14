/**
 * `trailboss tui [--popup] [--client <tty>]`: the queue as a terminal UI, talking to the running
 * engine of this TRAILBOSS_HOME (one line and exit 2 when none runs). `--popup`: it runs in a tmux
 * `display-popup -E`; Enter jumps the client that opened the popup to the pane and closes it.
 * Ink and React load only here, after the engine answered.
 */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { realRunner } from '../../engine/platform/run.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { engineClient, findEngine, NoEngineError } from '../engine-client.ts';
import { parseCommandLine, read } from '../program.ts';
import { popupClient } from '../tui/popup-client.ts';

/** Whether colour is wanted: NO_COLOR (any non-empty value) turns it off. */
export function wantsColour(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env['NO_COLOR'] ?? '') === '';
}

/** Run `trailboss tui`. */
export async function tuiCommand(ctx: CliContext): Promise<number> {
  const args = parseCommandLine('tui', ctx.argv);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    ctx.stderr('trailboss tui: needs a terminal (stdin and stdout must be a tty); for scripts use `trailboss queue --json`\n');
    return EXIT.usage;
  }
  let endpoint: { port: number; token: string };
  let queue: readonly QueueItemDto[];
  try {
    endpoint = findEngine(ctx);
    const answer = await engineClient(ctx).call('queue:list', {});
    if (!answer.ok) throw new NoEngineError(`the engine refused the queue: ${answer.error.message}`);
    queue = answer.value;
  } catch (error) {
    if (!(error instanceof NoEngineError)) throw error;
    ctx.stderr(`trailboss tui: ${error.message}\n`);
    return EXIT.usage;
  }
  let client: string | null = null;
  if (read.bool(args, 'popup')) {
    const named = read.string(args, 'client');
    const found = named === undefined ? await popupClient(realRunner, ctx.env) : { ok: true as const, tty: named };
    // Without its client the popup still answers; Enter then jumps as everywhere else.
    if (found.ok) client = found.tty;
    else ctx.stderr(`trailboss tui: ${found.problem}\n`);
  }
  const { runTui } = await import('../tui/run-tui.tsx');
  return runTui({
    endpoint,
    queue,
    options: { popupClient: client, color: wantsColour(ctx.env), timeOfDay: (ms) => new Date(ms).toLocaleTimeString() },
    clock: ctx.clock,
    stopSignal: ctx.stopSignal,
    stderr: ctx.stderr,
  });
}
