/**
 * Does a process look like GitHub Copilot CLI? npm's `copilot` bin is `node …/@github/copilot/npm-loader.js`,
 * which starts the native program of the platform package (`@github/copilot-linux-x64/copilot`) in the same
 * process group: the pane's command is `node`, its child `copilot` (seen with 1.0.102).
 */

const LAUNCHERS = new Set(['node', 'bun', 'npx', 'npm', 'pnpm', 'yarn']);
const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `copilot` (the native program or the bin), or node running `@github/copilot`'s loader. */
export function matchesCopilotProcess(command: string, argv?: string): boolean {
  const name = base(command.trim());
  if (name === 'copilot') return true;
  if (!argv || !LAUNCHERS.has(name)) return false;
  return argv.includes('@github/copilot') || argv.split(/\s+/).some((token) => base(token) === 'copilot');
}
