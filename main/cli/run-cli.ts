/** Dispatches `trailboss <command>`; every command gets the injected context and returns an exit code. */
import type { CliContext } from './context.ts';
import { EXIT } from './context.ts';
import { HelpShown, UsageError } from './cli-errors.ts';
import { cliVersion } from './version.ts';

type Command = (ctx: CliContext) => Promise<number>;
type QueueCommandName =
  'queueCommand' | 'approveCommand' | 'denyCommand' | 'replyCommand' | 'skipCommand' | 'snoozeCommand' | 'muteCommand';

// Commands load lazily: `trailboss hook` and `--help` must not pay for the whole engine's import time.
// Each parses its own arguments against its declaration in program.ts. A new command: one line here,
// its declaration in program.ts, its logic in commands/<name>.ts.
const COMMANDS: Record<string, Command> = {
  status: async (ctx) => (await import('./commands/status.ts')).statusCommand(ctx),
  daemon: async (ctx) => (await import('./commands/daemon.ts')).daemonCommand(ctx),
  queue: lazy('queueCommand'),
  tui: async (ctx) => (await import('./commands/tui.ts')).tuiCommand(ctx),
  approve: lazy('approveCommand'),
  deny: lazy('denyCommand'),
  reply: lazy('replyCommand'),
  jump: async (ctx) => (await import('./commands/jump.ts')).jumpCommand(ctx),
  skip: lazy('skipCommand'),
  snooze: lazy('snoozeCommand'),
  mute: lazy('muteCommand'),
  wake: async (ctx) => (await import('./commands/wake.ts')).wakeCommand(ctx),
  loop: async (ctx) => (await import('./commands/loop.ts')).loopCommand(ctx),
  hooks: async (ctx) => (await import('./commands/hooks.ts')).hooksCommand(ctx),
  tmux: async (ctx) => (await import('./commands/tmux.ts')).tmuxCommand(ctx),
  'tmux-status': async (ctx) => (await import('./commands/tmux-status.ts')).tmuxStatusCommand(ctx),
  hosts: async (ctx) => (await import('./commands/hosts.ts')).hostsCommand(ctx),
  phone: async (ctx) => (await import('./commands/phone.ts')).phoneCommand(ctx),
  slack: async (ctx) => (await import('./commands/slack.ts')).slackCommand(ctx),
  hook: async (ctx) => (await import('./commands/hook.ts')).hookCommand(ctx),
  snapshot: async (ctx) => (await import('./commands/snapshot.ts')).snapshotCommand(ctx),
  prime: async (ctx) => (await import('./commands/prime.ts')).primeCommand(ctx),
  restart: async (ctx) => (await import('./commands/restart.ts')).restartCommand(ctx),
  app: async (ctx) => (await import('./commands/app.ts')).appCommand(ctx),
  doctor: async (ctx) => (await import('./commands/doctor.ts')).doctorCommand(ctx),
  completion: async (ctx) => (await import('./commands/completion.ts')).completionCommand(ctx),
};

function lazy(name: QueueCommandName): Command {
  return async (ctx) => {
    const module = await import('./commands/queue-actions.ts');
    return (module[name] as Command)(ctx);
  };
}

/** Run one CLI invocation; never throws (unexpected errors print and exit 1). */
export async function runCli(ctx: CliContext): Promise<number> {
  const [name, ...rest] = ctx.argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) return programOnly(ctx);
  try {
    return await command({ ...ctx, argv: rest });
  } catch (error) {
    if (error instanceof HelpShown) {
      ctx.stdout(error.text);
      return EXIT.ok;
    }
    if (error instanceof UsageError) {
      ctx.stderr(`trailboss ${name}: ${error.message}\n(see \`trailboss ${name} --help\`)\n`);
      return EXIT.usage;
    }
    ctx.stderr(`trailboss ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.refused;
  }
}

/** No known command first: help, the version, or a usage error (with a suggestion for a typo). */
async function programOnly(ctx: CliContext): Promise<number> {
  // The version needs no command tree: commander would print exactly this.
  if (ctx.argv.length === 1 && (ctx.argv[0] === '--version' || ctx.argv[0] === '-V')) {
    ctx.stdout(`${cliVersion()}\n`);
    return EXIT.ok;
  }
  // Loaded here: a command loads commander with its own module, and the version above not at all.
  const { buildProgram, toCliError } = await import('./program.ts');
  let text = '';
  const program = buildProgram(cliVersion(), { stdout: (t) => void (text += t), stderr: () => {} });
  if (ctx.argv.length === 0) {
    ctx.stdout(program.helpInformation());
    return EXIT.usage;
  }
  try {
    program.parse([...ctx.argv], { from: 'user' });
  } catch (error) {
    const outcome = toCliError(error, text);
    if (outcome instanceof HelpShown) {
      ctx.stdout(outcome.text);
      return EXIT.ok;
    }
    ctx.stderr(`trailboss: ${outcome.message}\n(see \`trailboss --help\`)\n`);
    return EXIT.usage;
  }
  // `help <command>` for a command that exists prints its help above; anything else is a usage error.
  ctx.stderr(`trailboss: nothing to do\n${program.helpInformation()}`);
  return EXIT.usage;
}
