/** Pure: a `source-file -` script whose commands' outputs can be told apart, and the split of its output. */
import { commandLine } from './quote.ts';

/**
 * One line per command, each preceded by a marker line printed by `display-message -p`, plus a final
 * marker. Each line of a sourced file is its own command group, so one failing command (a vanished
 * pane) does not stop the rest. The nonce is random per run: pane text cannot forge a marker.
 */
export function markedScript(commands: readonly (readonly string[])[], nonce: string): string {
  const lines: string[] = [];
  commands.forEach((args, i) => {
    lines.push(commandLine(['display-message', '-p', `${nonce} ${i}`]));
    lines.push(commandLine(args));
  });
  lines.push(commandLine(['display-message', '-p', `${nonce} end`]));
  return `${lines.join('\n')}\n`;
}

/**
 * The stdout lines each command printed, in order; null for every command when the output is
 * incomplete (the final marker is missing: the run was cut short).
 */
export function splitMarkedOutput(stdout: string, nonce: string, count: number): (string[] | null)[] {
  const sections: string[][] = Array.from({ length: count }, () => []);
  let current: string[] | null = null;
  let complete = false;
  const lines = stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    if (line.startsWith(`${nonce} `)) {
      const tag = line.slice(nonce.length + 1);
      if (tag === 'end') {
        complete = true;
        current = null;
        continue;
      }
      const i = Number(tag);
      if (Number.isInteger(i) && i >= 0 && i < count) {
        current = sections[i]!;
        continue;
      }
    }
    current?.push(line);
  }
  return complete ? sections : sections.map(() => null);
}
