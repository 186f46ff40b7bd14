/** Does a pane's process look like Claude Code? From tmux `pane_current_command` and, when known, the command line. */

// The npm package; its bin is `claude` (cli.js under @anthropic-ai/claude-code).
const PACKAGE = '@anthropic-ai/claude-code';
// Interpreters, and launchers that run the package by name (`npx @anthropic-ai/claude-code`, `pnpm dlx …`).
const RUNNERS = new Set(['node', 'nodejs', 'bun', 'deno', 'npx', 'npm', 'pnpm', 'yarn', 'bunx']);
// The native installer runs ~/.local/share/claude/versions/<x.y.z>, so the process may be named by its version.
const VERSION_NAME = /^\d+\.\d+\.\d+$/;

function basename(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? path : path.slice(slash + 1);
}

/** True when some word of the command line is the claude CLI itself (not a file that merely mentions it). */
function argvNamesClaude(argv: string): boolean {
  return argv
    .split(/\s+/)
    .filter((w) => w !== '')
    .some((w) => {
      const name = basename(w);
      return name === 'claude' || name === 'claude.js' || name === 'claude.mjs' || w.includes(PACKAGE) || w.includes('/claude/versions/');
    });
}

/**
 * `claude` as the pane command (every capture's `pane_current_command`), or node/bun running the claude CLI,
 * or a version-named native binary whose command line says claude.
 */
export function matchesClaudeProcess(command: string, argv?: string): boolean {
  const name = basename(command.trim());
  if (name === 'claude') return true;
  if (argv === undefined) return false;
  if (RUNNERS.has(name) || VERSION_NAME.test(name)) return argvNamesClaude(argv);
  return false;
}
