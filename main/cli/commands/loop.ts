/**
 * `trailboss loop <pane> paused|task-only|active [--directive TEXT]`: the idle watchdog's mode for
 * one agent. `active` types the continue message into it when idle, `task-only` re-injects its
 * directive, `paused` never types. Exit codes: 0 set, 1 refused, 2 no engine or bad usage.
 */
import type { LoopModeDto } from '../../../preload/contract/agent.ts';
import { UsageError, parseCommandLine, read } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { withEngine } from './queue-actions.ts';
import { agentFor } from './wake.ts';

const MODES: readonly LoopModeDto[] = ['paused', 'task-only', 'active'];

function isMode(text: string | undefined): text is LoopModeDto {
  return (MODES as readonly (string | undefined)[]).includes(text);
}

/** Run `loop`; the command line is checked before the engine is contacted. */
export async function loopCommand(ctx: CliContext): Promise<number> {
  const args = parseCommandLine('loop', ctx.argv);
  const [ref, mode] = [read.arg(args, 0), read.arg(args, 1)];
  if (!ref || !isMode(mode)) {
    throw new UsageError(
      `usage: trailboss loop <pane> ${MODES.join('|')} [--directive TEXT]${mode && !isMode(mode) ? ` (unknown mode '${mode}')` : ''}`,
    );
  }
  const directive = read.string(args, 'directive') ?? null;
  if (directive !== null && directive.trim() === '') throw new UsageError('--directive needs text');
  return withEngine(async (_, client) => {
    const agent = await agentFor(ctx, client, ref);
    if (!agent) return EXIT.refused;
    const env = await client.call('pane:loop', { paneKey: agent.paneKey, mode, directive });
    if (!env.ok) {
      ctx.stderr(`trailboss: ${env.error.message}\n`);
      return env.error.code === 'invalid' ? EXIT.usage : EXIT.refused;
    }
    if (read.bool(args, 'json')) {
      ctx.stdout(JSON.stringify(env.value) + '\n');
      return EXIT.ok;
    }
    const note =
      mode === 'task-only' && directive === null
        ? ' (re-injects the directive recorded for this pane; with none, nothing is typed)'
        : directive !== null
          ? `, directive ${JSON.stringify(directive)}`
          : '';
    ctx.stdout(`${env.value.target} (${env.value.paneKey}): loop mode ${env.value.loopMode}${note}\n`);
    return EXIT.ok;
  })(ctx);
}
