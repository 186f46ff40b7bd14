/** Does a process look like the Cursor agent CLI? Unverified: names from cursor.com/docs/cli (`cursor-agent`, `agent`), no captures. */

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * `cursor-agent`, or node / the generic `agent` name running from a cursor-agent install
 * (`~/.local/share/cursor-agent/versions/…`). A bare `agent` is too common a name to claim.
 */
export function matchesCursorProcess(command: string, argv?: string): boolean {
  const name = base(command.trim());
  if (name === 'cursor-agent') return true;
  if (!argv || !['node', 'agent', 'bun'].includes(name)) return false;
  return argv.split(/\s+/).some((token) => token.includes('cursor-agent'));
}
