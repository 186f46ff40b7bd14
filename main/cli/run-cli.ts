/** Dispatches `trailboss <command>`; every command gets the injected context and returns an exit code. */
import { UsageError } from './args.ts';
import type { CliContext } from './context.ts';
import { EXIT } from './context.ts';

type Command = (ctx: CliContext) => Promise<number>;

// Commands load lazily: `trailboss hook` and `--help` must not pay for the whole engine's import time.
const COMMANDS: Record<string, { run: Command; help: string }> = {
  status: {
    run: async (ctx) => (await import('./commands/status.ts')).statusCommand(ctx),
    help: 'status [--json] [--tmux-socket PATH]...   every agent pane and its state',
  },
};

export const USAGE = `usage: trailboss <command> [options]\n\n${Object.values(COMMANDS)
  .map((c) => `  trailboss ${c.help}`)
  .join('\n')}\n`;

/** Run one CLI invocation; never throws (unexpected errors print and exit 1). */
export async function runCli(ctx: CliContext): Promise<number> {
  const [name, ...rest] = ctx.argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    ctx.stdout(USAGE);
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    ctx.stderr(`trailboss: unknown command '${name}'\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    return await command.run({ ...ctx, argv: rest });
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.stderr(`trailboss ${name}: ${error.message}\n`);
      return EXIT.usage;
    }
    ctx.stderr(`trailboss ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.refused;
  }
}
