/**
 * Does a process look like Qwen Code (npm `@qwen-code/qwen-code`, bin `qwen` → `cli-entry.js`)? It runs as
 * `node` (seen in the 0.24.4 captures), so discovery reads the arguments.
 */

const LAUNCHERS = new Set(['node', 'bun', 'npx', 'npm', 'pnpm', 'yarn']);
const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `qwen`, or node running the qwen bin or `@qwen-code/qwen-code`'s entry. */
export function matchesQwenProcess(command: string, argv?: string): boolean {
  const name = base(command.trim());
  if (name === 'qwen') return true;
  if (!argv || !LAUNCHERS.has(name)) return false;
  return argv.includes('@qwen-code/qwen-code') || argv.split(/\s+/).some((token) => base(token) === 'qwen');
}
