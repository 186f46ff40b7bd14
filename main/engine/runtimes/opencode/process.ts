/** Does a process look like opencode? */

/** Launchers of opencode's JavaScript entry point (`opencode-ai` on npm). */
const LAUNCHERS = new Set(['node', 'bun', 'npx', 'npm', 'pnpm', 'yarn', 'deno']);

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `opencode` (native binary or npm shim), a platform build `opencode-<os>-<arch>`, or node/bun running it. */
export function matchesOpencodeProcess(command: string, argv?: string): boolean {
  const name = base(command.trim());
  if (name === 'opencode' || name === '.opencode' || name.startsWith('opencode-')) return true;
  if (!argv || !LAUNCHERS.has(name)) return false;
  return argv.includes('opencode-ai') || argv.split(/\s+/).some((token) => /^\.?opencode(?:\.m?js)?$/.test(base(token)));
}
