/** Does a process look like the Codex CLI? */

/** Interpreters and launchers that run Codex's JavaScript entry point. */
const LAUNCHERS = new Set(['node', 'bun', 'deno', 'npx', 'npm', 'pnpm', 'yarn']);

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `codex`, the native `codex-<target>` binary, or node running `@openai/codex`'s `codex.js`. */
export function matchesCodexProcess(command: string, argv?: string): boolean {
  const name = base(command.trim());
  if (name === 'codex' || name.startsWith('codex-')) return true;
  if (!argv || !LAUNCHERS.has(name)) return false;
  return argv.includes('@openai/codex') || argv.split(/\s+/).some((token) => /^codex(?:\.m?js)?$/.test(base(token)));
}
