/** Does a process look like Auggie (npm `@augmentcode/auggie`, entry `augment.mjs`)? Seen in captures as `node` running the auggie bin. */

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `auggie`, or node/bun running the auggie package. */
export function matchesAuggieProcess(command: string, argv?: string): boolean {
  const name = base(command.trim());
  if (name === 'auggie') return true;
  if (!argv || !['node', 'bun', 'npx', 'npm', 'pnpm', 'yarn', 'bunx', 'deno'].includes(name)) return false;
  return (
    argv.includes('@augmentcode/auggie') || argv.split(/\s+/).some((token) => base(token) === 'auggie' || base(token) === 'augment.mjs')
  );
}
