/** Does a process look like kiro-cli (successor of Amazon Q's `q chat`)? Unverified: names from kiro.dev/docs/cli, no captures. */

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `kiro-cli`, its chat process `kiro-cli-chat`, Q's `qchat`, or `q chat …`. */
export function matchesKiroProcess(command: string, argv?: string): boolean {
  const name = base(command.trim());
  if (name === 'kiro-cli' || name === 'kiro-cli-chat' || name === 'qchat') return true;
  if (name !== 'q' || !argv) return false;
  return argv.split(/\s+/).slice(1, 3).includes('chat');
}
