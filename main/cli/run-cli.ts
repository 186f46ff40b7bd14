/** Dispatches `trailboss <command>`; every command gets the injected context and returns an exit code. */
import { UsageError } from './args.ts';
import type { CliContext } from './context.ts';
import { EXIT } from './context.ts';

type Command = (ctx: CliContext) => Promise<number>;
type QueueCommandName = 'queueCommand' | 'approveCommand' | 'denyCommand' | 'replyCommand' | 'skipCommand' | 'snoozeCommand' | 'muteCommand';

// Commands load lazily: `trailboss hook` and `--help` must not pay for the whole engine's import time.
const COMMANDS: Record<string, { run: Command; help: string }> = {
  status: {
    run: async (ctx) => (await import('./commands/status.ts')).statusCommand(ctx),
    help: 'status [--json] [--tmux-socket PATH]...   every agent pane and its state',
  },
  daemon: {
    run: async (ctx) => (await import('./commands/daemon.ts')).daemonCommand(ctx),
    help: 'daemon [--tmux-socket PATH]... [--ui]       run the engine (no desktop shell)',
  },
  queue: { run: lazy('queueCommand'), help: 'queue [--json]                              the waiting agents, oldest first' },
  approve: { run: lazy('approveCommand'), help: 'approve <item|pane>                         allow once (never more)' },
  deny: { run: lazy('denyCommand'), help: 'deny <item|pane>                            say no' },
  reply: { run: lazy('replyCommand'), help: 'reply <item|pane> <text|y|n>                type into an idle agent, or answer a prompt' },
  skip: { run: lazy('skipCommand'), help: 'skip <item|pane>                            move to the end of the queue' },
  snooze: { run: lazy('snoozeCommand'), help: 'snooze <item|pane> <duration>               hide for a while (30m, 2h)' },
  mute: { run: lazy('muteCommand'), help: 'mute <pane> [--off]                         ignore (or stop ignoring) a pane' },
  wake: {
    run: async (ctx) => (await import('./commands/wake.ts')).wakeCommand(ctx),
    help: 'wake <pane> [message]                       type work into an idle agent now (even while you work)',
  },
  loop: {
    run: async (ctx) => (await import('./commands/loop.ts')).loopCommand(ctx),
    help: 'loop <pane> paused|task-only|active [--directive TEXT]   the idle watchdog for one agent',
  },
  hooks: {
    run: async (ctx) => (await import('./commands/hooks.ts')).hooksCommand(ctx),
    help: 'hooks install|uninstall|status [--json]     Claude Code hooks in ~/.claude/settings.json',
  },
  hosts: {
    run: async (ctx) => (await import('./commands/hosts.ts')).hostsCommand(ctx),
    help: 'hosts add|remove|list|test                  other machines watched over ssh (hosts add <name> <ssh-destination>)',
  },
  hook: {
    run: async (ctx) => (await import('./commands/hook.ts')).hookCommand(ctx),
    help: 'hook <Event>                                forward a Claude hook (stdin) to the engine',
  },
  snapshot: {
    run: async (ctx) => (await import('./commands/snapshot.ts')).snapshotCommand(ctx),
    help: 'snapshot save|restore|check [--reason R] [--pane P] [--agent NAME] [--cwd DIR]   conversation snapshots',
  },
  prime: {
    run: async (ctx) => (await import('./commands/prime.ts')).primeCommand(ctx),
    help: 'prime [--agent NAME] [--cwd DIR]            print a restarted session\'s briefing, once',
  },
  restart: {
    run: async (ctx) => (await import('./commands/restart.ts')).restartCommand(ctx),
    help: 'restart <pane|agent> [--force] [--runtime R] [--tmux-socket PATH]...   fresh session with a snapshot',
  },
};

function lazy(name: QueueCommandName): Command {
  return async (ctx) => {
    const module = await import('./commands/queue-actions.ts');
    return (module[name] as Command)(ctx);
  };
}

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
