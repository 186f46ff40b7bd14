/**
 * Does a process look like Gemini CLI (npm `@google/gemini-cli`, bin `gemini` → `bundle/gemini.js`)? It runs
 * as `node` (seen in the 0.61.0 captures: pane_current_command=node), so discovery reads the arguments.
 */

const LAUNCHERS = new Set(['node', 'bun', 'npx', 'npm', 'pnpm', 'yarn']);
const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `gemini`, or node running the gemini bin or `@google/gemini-cli`'s bundle. */
export function matchesGeminiProcess(command: string, argv?: string): boolean {
  const name = base(command.trim());
  if (name === 'gemini') return true;
  if (!argv || !LAUNCHERS.has(name)) return false;
  return argv.includes('@google/gemini-cli') || argv.split(/\s+/).some((token) => base(token) === 'gemini' || base(token) === 'gemini.js');
}
