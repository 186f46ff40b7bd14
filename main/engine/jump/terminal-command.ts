/**
 * The command that opens the user's terminal on a pane when no tmux client is attached: a template
 * argv with placeholders, expanded without any shell of ours. Rules (documented for users):
 * - `{tmux}` as a whole argument becomes several: `tmux -S <socket>`.
 * - `{target}` (the pane id, `%7`) or `{socket}` as a whole argument is passed as is.
 * - A placeholder inside a longer argument sits in a command line some shell will read (`sh -c "…"`,
 *   Terminal's `do script "…"`), so its value is inserted shell-quoted; for `osascript` the result is
 *   also escaped for the AppleScript string it sits in. Hand-written quotes around a placeholder
 *   (`'{socket}'`) are dropped, since the value is quoted already.
 */
import { splitCommandLine } from './command-line-split.ts';

/** What the placeholders stand for. */
export interface TerminalContext {
  /** The pane id (`%7`): unambiguous, where a session name could match another by prefix. */
  readonly target: string;
  /** The tmux server's socket path (also for the default server, so the new terminal reaches the same one). */
  readonly socket: string;
  /** What `{tmux}` stands for instead of `tmux -S <socket>` (a pane on another host: ssh to it, then tmux). */
  readonly tmuxWords?: readonly string[];
}

/** A program and its arguments. */
export interface Command {
  readonly file: string;
  readonly args: readonly string[];
}

/** Per-platform defaults, used when the user configured none. */
export const DEFAULT_TERMINAL_COMMANDS: Readonly<Record<'linux' | 'darwin' | 'win32', readonly string[]>> = {
  // Debian's alternatives system guarantees `x-terminal-emulator -e program args…`.
  linux: ['x-terminal-emulator', '-e', '{tmux}', 'attach-session', '-t', '{target}'],
  darwin: [
    'osascript',
    '-e',
    'tell application "Terminal" to do script "{tmux} attach-session -t {target}"',
    '-e',
    'tell application "Terminal" to activate',
  ],
  // Windows Terminal opening a WSL shell that runs tmux (the agents run inside WSL).
  win32: ['wt.exe', 'wsl.exe', '{tmux}', 'attach-session', '-t', '{target}'],
};

/** The default template for a platform (other Unixes use the Linux one). */
export function defaultTerminalCommand(platform: NodeJS.Platform): readonly string[] {
  return platform === 'darwin'
    ? DEFAULT_TERMINAL_COMMANDS.darwin
    : platform === 'win32'
      ? DEFAULT_TERMINAL_COMMANDS.win32
      : DEFAULT_TERMINAL_COMMANDS.linux;
}

/** The configured template for a platform: the one-line command (split into words) when set, else that platform's argv. */
export function configuredTerminalCommand(
  terminal: {
    readonly linux: readonly string[];
    readonly darwin: readonly string[];
    readonly win32: readonly string[];
    readonly command?: string | null;
  },
  platform: NodeJS.Platform,
): { ok: true; argv: readonly string[] } | { ok: false; problem: string } {
  if (terminal.command !== undefined && terminal.command !== null) {
    const split = splitCommandLine(terminal.command);
    return split.ok ? { ok: true, argv: split.argv } : { ok: false, problem: `the terminal command has an ${split.problem}` };
  }
  return { ok: true, argv: platform === 'darwin' ? terminal.darwin : platform === 'win32' ? terminal.win32 : terminal.linux };
}

/** POSIX shell quoting: one argument, byte for byte, whatever it contains. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Escaping for the inside of an AppleScript string literal. */
export function appleScriptEscape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/** A placeholder, with the hand-written single quotes around it when there are both. */
const PLACEHOLDER = /'\{(tmux|target|socket)\}'|\{(tmux|target|socket)\}/g;

function tmuxWords(ctx: TerminalContext): string[] {
  return ctx.tmuxWords ? [...ctx.tmuxWords] : ['tmux', '-S', ctx.socket];
}

function embeddedValue(name: string, ctx: TerminalContext): string {
  if (name === 'tmux') return tmuxWords(ctx).map(shellQuote).join(' ');
  return shellQuote(name === 'target' ? ctx.target : ctx.socket);
}

/** Expands a template, or says why it cannot be used. */
export function expandTerminalCommand(
  template: readonly string[],
  ctx: TerminalContext,
): { ok: true; command: Command } | { ok: false; problem: string } {
  if (template.length === 0 || template[0] === '') return { ok: false, problem: 'the terminal command is empty' };
  // Without the target, `attach` would pick the most recent session, not the pane's.
  if (!template.some((a) => a.includes('{target}')))
    return { ok: false, problem: 'the terminal command must contain {target}, or it cannot reach the pane' };
  const osascript = /(^|\/)osascript$/.test(template[0] ?? '');
  const argv: string[] = [];
  for (const arg of template) {
    if (arg === '{tmux}') argv.push(...tmuxWords(ctx));
    else if (arg === '{target}') argv.push(ctx.target);
    else if (arg === '{socket}') argv.push(ctx.socket);
    else {
      argv.push(
        arg.replace(PLACEHOLDER, (_m, quoted: string | undefined, bare: string | undefined) => {
          const value = embeddedValue(quoted ?? bare ?? '', ctx);
          return osascript ? appleScriptEscape(value) : value;
        }),
      );
    }
  }
  const [file, ...args] = argv;
  return { ok: true, command: { file: file as string, args } };
}
