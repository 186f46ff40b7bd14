/**
 * `trailboss tui [--popup] [--client <tty>]`: the queue as a terminal UI, talking to the running
 * engine of this TRAILBOSS_HOME (one line and exit 2 when none runs). `--popup`: it runs in a tmux
 * `display-popup -E`; Enter jumps the client that opened the popup to the pane and closes it.
 * Ink and React load only here, while the engine answers.
 */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { engineClient, findEngine, NoEngineError } from '../engine-client.ts';
import { parseCommandLine, read, type Parsed } from '../program.ts';
import type { EngineEndpoint } from '../tui/node-bridge.ts';
import type { runTui as RunTui } from '../tui/run-tui.tsx';
import { popupClient } from '../tui/popup-client.ts';

/** Whether colour is wanted: NO_COLOR (any non-empty value) turns it off. */
export function wantsColour(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env['NO_COLOR'] ?? '') === '';
}

/** The queue as the engine has it now; NoEngineError when it does not answer or refuses. */
async function readQueue(ctx: CliContext): Promise<readonly QueueItemDto[]> {
  const answer = await engineClient(ctx).call('queue:list', {});
  if (!answer.ok) throw new NoEngineError(`the engine refused the queue: ${answer.error.message}`);
  return answer.value;
}

/**
 * The tmux client that opened the popup (`--client`, or asked of tmux), or null: outside a popup,
 * or when tmux cannot say (the popup still answers; Enter then jumps as everywhere else).
 */
async function popupTarget(ctx: CliContext, args: Parsed): Promise<string | null> {
  if (!read.bool(args, 'popup')) return null;
  const named = read.string(args, 'client');
  if (named !== undefined) return named;
  // The process runner (execa) loads only here: a start that need not ask tmux does not pay for it.
  const { realRunner } = await import('../../engine/platform/run.ts');
  const found = await popupClient(realRunner, ctx.env);
  if (found.ok) return found.tty;
  ctx.stderr(`trailboss tui: ${found.problem}\n`);
  return null;
}

/** Run `trailboss tui`. */
export async function tuiCommand(ctx: CliContext): Promise<number> {
  const args = parseCommandLine('tui', ctx.argv);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    ctx.stderr('trailboss tui: needs a terminal (stdin and stdout must be a tty); for scripts use `trailboss queue --json`\n');
    return EXIT.usage;
  }
  let endpoint: EngineEndpoint;
  let loaded: [readonly QueueItemDto[], { runTui: typeof RunTui }, string | null];
  try {
    endpoint = findEngine(ctx);
    // Three waits at once: the engine's answer, loading Ink and React (the longest), and the popup's
    // client. The request goes first, so that it is on its way before compiling the UI holds the thread.
    loaded = await Promise.all([readQueue(ctx), import('../tui/run-tui.tsx'), popupTarget(ctx, args)]);
  } catch (error) {
    if (!(error instanceof NoEngineError)) throw error;
    ctx.stderr(`trailboss tui: ${error.message}\n`);
    return EXIT.usage;
  }
  const [queue, { runTui }, client] = loaded;
  return runTui({
    endpoint,
    queue,
    options: { popupClient: client, color: wantsColour(ctx.env), timeOfDay: (ms) => new Date(ms).toLocaleTimeString() },
    clock: ctx.clock,
    stopSignal: ctx.stopSignal,
    stderr: ctx.stderr,
  });
}
