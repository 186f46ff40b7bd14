/**
 * The command that starts the new session. Pure. The same runtime reuses the old argv — minus what
 * would defeat a fresh start: Claude's resume/continue flags (they reload the full old context) and
 * its positional prompt (the first task would be sent again before the snapshot is read). Another
 * runtime gets its plain default command.
 */
import type { RuntimeId } from '../runtimes/types.ts';

/** How each CLI is started interactively (the names their installers put on PATH). */
export const DEFAULT_COMMANDS: Readonly<Record<RuntimeId, readonly string[]>> = {
  claude: ['claude'],
  codex: ['codex'],
  opencode: ['opencode'],
  cursor: ['cursor-agent'],
  kiro: ['kiro-cli', 'chat'],
  auggie: ['auggie'],
  gemini: ['gemini'],
  qwen: ['qwen'],
  copilot: ['copilot'],
};

// Claude flags that take one value (`--flag v` or `--flag=v`), and those taking values up to the next flag.
const CLAUDE_VALUE = new Set([
  '--model',
  '--permission-mode',
  '--settings',
  '--system-prompt',
  '--append-system-prompt',
  '--fallback-model',
  '--agent',
  '--agents',
  '--setting-sources',
  '--output-format',
  '--input-format',
  '--max-budget-usd',
  '--json-schema',
  '--name',
  '-n',
]);
const CLAUDE_LIST = new Set([
  '--add-dir',
  '--allowedTools',
  '--allowed-tools',
  '--disallowedTools',
  '--disallowed-tools',
  '--tools',
  '--mcp-config',
  '--plugin-dir',
  '--betas',
]);
// Dropped with their value: they would resume the old session or pin its id.
const CLAUDE_DROP_VALUE = new Set(['--session-id']);
const CLAUDE_DROP = new Set(['-c', '--continue', '--fork-session', '-p', '--print']);
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f-]{27,}$/i;

/** Index of the word that is the claude program itself (after `node`, `bun`, wrappers). */
function programIndex(argv: readonly string[]): number {
  const i = argv.findIndex(
    (w) => /(^|\/)claude(\.m?js)?$/.test(w) || w.includes('@anthropic-ai/claude-code') || w.includes('/claude/versions/'),
  );
  return i < 0 ? 0 : i;
}

/** Claude's argv for a fresh session: same program and options, no resume, no initial prompt. */
export function freshClaudeArgv(argv: readonly string[]): string[] {
  const at = programIndex(argv);
  const out = argv.slice(0, at + 1);
  for (let i = at + 1; i < argv.length; i++) {
    const word = argv[i]!;
    const name = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
    if (CLAUDE_DROP.has(name)) continue;
    if (name === '-r' || name === '--resume') {
      // The value is optional (`-r` alone opens a picker): skip it only when it looks like a session id.
      if (!word.includes('=') && SESSION_ID.test(argv[i + 1] ?? '')) i++;
      continue;
    }
    if (CLAUDE_DROP_VALUE.has(name)) {
      if (!word.includes('=')) i++;
      continue;
    }
    if (CLAUDE_VALUE.has(name)) {
      out.push(word);
      if (!word.includes('=') && i + 1 < argv.length) out.push(argv[++i]!);
      continue;
    }
    if (CLAUDE_LIST.has(name)) {
      out.push(word);
      while (!word.includes('=') && i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) out.push(argv[++i]!);
      continue;
    }
    if (word.startsWith('-')) out.push(word);
    // Anything else is the positional prompt: dropped.
  }
  return out;
}

/** The argv of the new session. */
export function relaunchArgv(
  current: { runtime: RuntimeId; argv: readonly string[] },
  target: RuntimeId,
  override?: readonly string[],
): string[] {
  if (override && override.length > 0) return [...override];
  if (target !== current.runtime) return [...DEFAULT_COMMANDS[target]];
  return target === 'claude' ? freshClaudeArgv(current.argv) : [...current.argv];
}

/** POSIX shell quoting of one word. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A line to type at a shell prompt: `cd <dir> && <argv>` when the shell is elsewhere. */
export function shellCommandLine(argv: readonly string[], cwd: string | null): string {
  const command = argv.map(shellQuote).join(' ');
  return cwd ? `cd ${shellQuote(cwd)} && ${command}` : command;
}
