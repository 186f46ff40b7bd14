/**
 * The command line, declared once with commander: every command, its arguments and options. Help per
 * command, shell completions and the parsing inside each command all come from these declarations.
 * Commands load lazily (run-cli.ts): this file imports nothing but commander, so `--help` stays fast.
 */
import { Argument, Command, CommanderError, Option } from 'commander';
import { RUNTIME_IDS } from '../engine/runtimes/types.ts';
import { SNAPSHOT_REASONS } from '../engine/snapshot/types.ts';
import { HelpShown, UsageError } from './cli-errors.ts';

export { HelpShown, UsageError } from './cli-errors.ts';

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];
const tmuxSocket = (): Option =>
  new Option('--tmux-socket <path>', 'watch this tmux server socket instead of the default one (repeatable)').argParser(collect);
const json = (): Option => new Option('--json', 'print JSON for scripts');
const agentName = (): Option =>
  new Option('--agent <name>', 'the snapshot of this agent name (default: $TRAILBOSS_AGENT, else the only one, else claude)');
const projectDir = (): Option => new Option('--cwd <dir>', 'the project directory (default: the nearest one with snapshots)');
const itemRef = 'an item id, a pane id like %3, or a tmux target like work:1.0';

/** Declares one top-level command (and its subcommands) on the program. */
type Declaration = (program: Command) => void;

const hookRuntime = () =>
  new Option('--runtime <runtime>', 'whose hooks').choices(['claude', 'codex', 'opencode', 'gemini', 'qwen', 'copilot']).default('claude');
const hookHost = () => new Option('--host <name>', "a configured host's Claude hooks (over ssh; see `hosts`)");

/** Every top-level command, in the order the help lists them. */
const DECLARATIONS: readonly (readonly [name: string, declare: Declaration])[] = [
  [
    'status',
    (program) => program.command('status').description('every agent pane and its state').addOption(json()).addOption(tmuxSocket()),
  ],
  [
    'daemon',
    (program) =>
      program
        .command('daemon')
        .description('run the engine without the desktop shell, until Ctrl-C')
        .addOption(tmuxSocket())
        .option('--ui', 'also serve the queue UI in a browser (prints its address)')
        .option('--notify', 'desktop notifications with Approve/Deny/Jump buttons (Linux, over D-Bus; also notifications.dbus: true)')
        .option('--verbose', 'log debug detail'),
  ],
  ['queue', (program) => program.command('queue').description('the waiting agents, oldest first').addOption(json())],
  [
    'tui',
    (program) =>
      program
        .command('tui')
        .description('the queue as a terminal UI: j/k move, a approve, d deny, r reply, Enter jump, ? help')
        .option('--popup', 'running in a tmux display-popup: Enter jumps the client that opened it and closes the popup')
        .addOption(new Option('--client <tty>', "the popup's tmux client (default: asked from tmux)").implies({ popup: true })),
  ],
  ['approve', (program) => program.command('approve').description('allow once (never more)').argument('<item>', itemRef).addOption(json())],
  [
    'deny',
    (program) =>
      program
        .command('deny')
        .description('say no (with --message, and tell the agent what to do instead)')
        .argument('<item>', itemRef)
        .addOption(
          new Option(
            '-m, --message <text>',
            "deny and give the agent this text (through the prompt's own field, or its input prompt after the denial); exit 0 only once the agent has it",
          ),
        )
        .addOption(json()),
  ],
  [
    'reply',
    (program) =>
      program
        .command('reply')
        .description('type into an idle agent, or answer a prompt (y/n)')
        .argument('<item>', itemRef)
        .argument('<text...>', 'what to type; on a permission prompt only y/yes/n/no')
        .addOption(json()),
  ],
  [
    'jump',
    (program) =>
      program
        .command('jump')
        .description('bring the terminal with a pane forward (bind a desktop shortcut to it on Wayland)')
        .argument('[target]', `oldest (the default: the oldest waiting item), ${itemRef}, or any watched pane`),
  ],
  [
    'skip',
    (program) => program.command('skip').description('move an item to the end of the queue').argument('<item>', itemRef).addOption(json()),
  ],
  [
    'snooze',
    (program) =>
      program
        .command('snooze')
        .description('hide an item for a while')
        .argument('<item>', itemRef)
        .argument('<duration>', 'how long: 30m, 2h')
        .addOption(json()),
  ],
  [
    'mute',
    (program) =>
      program
        .command('mute')
        .description('ignore (or stop ignoring) a pane')
        .argument('<pane>', 'pane id, pane key or tmux target')
        .option('--off', 'stop ignoring it'),
  ],
  [
    'wake',
    (program) =>
      program
        .command('wake')
        .description('type work into an idle agent now (even while you work)')
        .argument('<pane>', 'pane id, pane key or tmux target')
        .argument('[message...]', "what to type (default: the watchdog's continue message)")
        .addOption(json()),
  ],
  [
    'loop',
    (program) =>
      program
        .command('loop')
        .description('the idle watchdog for one agent')
        .argument('<pane>', 'pane id, pane key or tmux target')
        .argument('<mode>', 'paused, task-only or active')
        .option('--directive <text>', 'what task-only mode re-injects')
        .addOption(json()),
  ],
  [
    'hooks',
    (program) => {
      const hooks = program
        .command('hooks')
        .description('agent hooks: Claude Code (~/.claude/settings.json), Codex ($CODEX_HOME/hooks.json) or the opencode plugin');
      hooks
        .command('install')
        .description('add the Trail Boss hooks (a backup is kept)')
        .addOption(hookRuntime())
        .addOption(hookHost())
        .option('--node <path>', 'with --host: the Node.js on the host to run the hook with (found there when absent)')
        .addOption(json());
      hooks.command('uninstall').description('remove them again').addOption(hookRuntime()).addOption(hookHost()).addOption(json());
      hooks
        .command('status')
        .description('installed? when did the last event arrive?')
        .addOption(hookRuntime())
        .addOption(hookHost())
        .addOption(json());
    },
  ],
  [
    'tmux',
    (program) => {
      const tmux = program.command('tmux').description('the queue popup on a key and the waiting count in the tmux status line');
      tmux
        .command('install')
        .description('write our tmux file, source it from your tmux.conf (a backup is kept) and into running servers')
        .option('--key <key>', 'the key after the prefix that opens the popup', 'T')
        .addOption(json());
      tmux.command('uninstall').description('remove it again (your tmux.conf put back byte-exact)').addOption(json());
      tmux.command('status').description('installed? sourced? the key bound on running servers? clashes?').addOption(json());
    },
  ],
  [
    // Answered by bin/trailboss.mjs before any CLI code (bin/trailboss-tmux-status.mjs): declared for the help.
    'tmux-status',
    (program) =>
      program
        .command('tmux-status')
        .description(
          'print the tmux status segment: ⏳3 12m ⚠1 (waiting, oldest wait, stuck), nothing when none waits; always exit 0 ' +
            '(the segment `tmux install` writes runs bin/trailboss-tmux-status.sh: the same without Node)',
        ),
  ],
  [
    'hosts',
    (program) => {
      const hosts = program.command('hosts').description('other machines whose agents are watched over ssh');
      hosts
        .command('add')
        .description('watch a host (a running engine picks it up at once)')
        .argument('<name>', 'short name shown everywhere (letters, digits, . _ -)')
        .argument('<destination>', 'what ssh connects to: an alias, host or user@host')
        .addOption(
          new Option('--tmux-socket <path>', 'a tmux socket on the host (repeatable; default: its default server)').argParser(collect),
        )
        .option('--ssh-config <file>', 'an ssh config file, passed as ssh -F')
        .option('--disabled', 'configure it, but do not watch it yet');
      hosts.command('remove').description('stop watching a host').argument('<name>', 'the host');
      hosts.command('list').description('the configured hosts').addOption(json());
      hosts
        .command('test')
        .description('connect, print the remote tmux version and the agent panes; exit 0 when it can be watched')
        .argument('<name>', 'the host');
    },
  ],
  [
    'phone',
    (program) => {
      const phone = program.command('phone').description('answer from your phone: a Telegram bot you pair once');
      phone
        .command('pair')
        .description('check the bot token, show a one-time link and QR code, wait for Start, confirm who it is')
        .option(
          '--bot-token-file <path>',
          'a file holding the token @BotFather gave you (it is copied owner-only; never pass it on the command line)',
        )
        .option('--api-base <url>', 'the Bot API server (default https://api.telegram.org; saved as phone.telegram.apiBase)')
        .option('--no-qr', 'print the link only');
      phone.command('status').description('whether a chat is paired, and the last successful poll').addOption(json());
      phone.command('unpair').description('forget the chat and the bot token');
      phone.command('test').description('send a test message to the paired chat');
    },
  ],
  [
    'slack',
    (program) => {
      const slack = program.command('slack').description('answer from Slack: a Slack app of your own (Socket Mode), paired once');
      slack
        .command('pair')
        .description('check both tokens, connect, show a one-time code to DM to the bot, confirm who sent it')
        .option('--bot-token-file <path>', 'a file holding the bot token (xoxb-…; copied owner-only; never pass it on the command line)')
        .option('--app-token-file <path>', 'a file holding the app-level token (xapp-…, scope connections:write; copied owner-only)')
        .option('--api-base <url>', 'the Slack Web API base (default https://slack.com/api/; saved as phone.slack.apiBase)');
      slack.command('status').description('whether a user is paired, and whether the engine is connected').addOption(json());
      slack.command('unpair').description('forget the user and both tokens');
      slack.command('test').description('send a test message to the paired DM');
    },
  ],
  [
    'hook',
    (program) =>
      program
        .command('hook')
        .description('forward a Claude hook (payload on stdin) to the engine')
        .argument('<event>', 'the hook event name')
        .option('--endpoint <file>', 'endpoint file'),
  ],
  [
    'snapshot',
    (program) => {
      const snapshot = program.command('snapshot').description('conversation snapshots of Claude Code sessions');
      snapshot
        .command('save')
        .description('write the snapshot of a Claude session (the one this runs under, $TMUX_PANE, or the newest here)')
        .addOption(new Option('--reason <reason>', 'why it is taken').choices(SNAPSHOT_REASONS))
        .option('--pane <pane>', 'the pane whose Claude session to snapshot')
        .addOption(new Option('--agent <name>', 'agent name of the snapshot').default('claude'))
        .addOption(projectDir())
        .option('--transcript <file>', 'read this transcript file')
        .option('--max-lines <n>', 'keep at most this many lines')
        .addOption(tmuxSocket());
      snapshot
        .command('restore')
        .description('print the snapshot and delete it (exit 1 when there is none)')
        .addOption(agentName())
        .addOption(projectDir());
      snapshot.command('check').description('exit 0 when there is a snapshot, 1 when not').addOption(agentName()).addOption(projectDir());
      snapshot
        .command('list')
        .description('the snapshots waiting here and those kept for agents on hosts, each with its host')
        .addOption(projectDir())
        .option('--json', 'machine-readable output');
    },
  ],
  [
    'prime',
    (program) =>
      program.command('prime').description("print a restarted session's briefing, once").addOption(agentName()).addOption(projectDir()),
  ],
  [
    'restart',
    (program) =>
      program
        .command('restart')
        .description('fresh session with a snapshot')
        .argument('<pane>', 'pane id, tmux target or agent name')
        .option('--force', 'do not wait for the agent to finish its turn')
        .addOption(new Option('--runtime <runtime>', 'the agent runtime in that pane').choices(RUNTIME_IDS))
        .option('--agent <name>', 'agent name of the snapshot')
        .addOption(new Option('--reason <reason>', 'why').choices(SNAPSHOT_REASONS))
        .addOption(tmuxSocket()),
  ],
  ['app', (program) => program.command('app').description('start the desktop app (tray, notifications, queue window)')],
  [
    'doctor',
    (program) =>
      program
        .command('doctor')
        .description('check tmux, agents, hooks, engine, data, config, UI and notifications; say how to fix what is wrong')
        .addOption(json())
        .addOption(tmuxSocket()),
  ],
  [
    'completion',
    (program) =>
      program
        .command('completion')
        .description('print a shell completion script')
        .addArgument(new Argument('<shell>', 'bash or zsh').choices(['bash', 'zsh'])),
  ],
];

/**
 * Build the command tree; `out` receives help and error text (stdout/stderr of the CLI context).
 * With `only`, just that top-level command is declared (with its subcommands): what a command needs
 * to parse its own arguments and print its own help, at a fraction of the cost of all of them.
 */
export function buildProgram(
  version: string,
  out: { stdout: (t: string) => void; stderr: (t: string) => void } = { stdout: () => {}, stderr: () => {} },
  only?: string,
): Command {
  const program = new Command('trailboss')
    .description('Watches AI coding agents in tmux panes and tells you the moment one waits.')
    .version(version, '-V, --version', 'print the version')
    .helpCommand('help [command]', 'help for a command')
    .configureOutput({ writeOut: out.stdout, writeErr: out.stderr, outputError: () => {} })
    .showSuggestionAfterError(true)
    .exitOverride();
  for (const [name, declare] of DECLARATIONS) if (only === undefined || name === only) declare(program);
  return program;
}

/** What one command line says: positional arguments in declaration order, options by camelCase name. */
export interface Parsed {
  readonly args: readonly (string | string[] | undefined)[];
  readonly opts: Record<string, unknown>;
}

/** The command at `path` ('snapshot save') in the tree. */
export function findCommand(program: Command, path: string): Command {
  let cmd = program;
  for (const word of path.split(' ')) {
    const next = cmd.commands.find((c) => c.name() === word);
    if (!next) throw new Error(`no command '${path}' is declared`);
    cmd = next;
  }
  return cmd;
}

/**
 * Parse `argv` (what follows the command's name) for the command at `path`. Bad input throws
 * UsageError with commander's message; `--help` throws HelpShown with that command's help.
 */
export function parseCommandLine(path: string, argv: readonly string[]): Parsed {
  let text = '';
  const program = buildProgram('', { stdout: (t) => void (text += t), stderr: () => {} }, path.split(' ')[0]);
  const cmd = findCommand(program, path);
  let parsed: Parsed = { args: [], opts: {} };
  cmd.action((...all: unknown[]) => {
    const command = all[all.length - 1] as Command;
    parsed = { args: command.processedArgs as Parsed['args'], opts: command.opts() };
  });
  try {
    cmd.parse([...argv], { from: 'user' });
  } catch (error) {
    throw toCliError(error, text);
  }
  return parsed;
}

/** A commander error as what the CLI does with it: help text to print, or a usage error. */
export function toCliError(error: unknown, helpText: string): Error {
  if (!(error instanceof CommanderError)) return error as Error;
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return new HelpShown(helpText);
  // `help [command]`: shown on purpose (exit code 0), or a group like `hooks` named without its subcommand.
  if (error.code === 'commander.help') return error.exitCode === 0 ? new HelpShown(helpText) : new UsageError('which one? (see --help)');
  return new UsageError(error.message.replace(/^error: /, ''));
}

/** Typed reads of a parsed command line (commander names options in camelCase: --tmux-socket is tmuxSocket). */
export const read = {
  bool: (p: Parsed, name: string): boolean => p.opts[name] === true,
  string: (p: Parsed, name: string): string | undefined => (typeof p.opts[name] === 'string' ? p.opts[name] : undefined),
  list: (p: Parsed, name: string): string[] => (Array.isArray(p.opts[name]) ? (p.opts[name] as string[]) : []),
  arg: (p: Parsed, index: number): string | undefined => (typeof p.args[index] === 'string' ? (p.args[index] as string) : undefined),
  args: (p: Parsed, index: number): string[] => (Array.isArray(p.args[index]) ? (p.args[index] as string[]) : []),
};
