/** Shell command lines for scripted panes used by the tmux client tests. */
import { fileURLToPath } from 'node:url';

const echoKeys = fileURLToPath(new URL('./echo-keys.mjs', import.meta.url));

function sh(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A pane that prints every chunk it reads as `K:<json>`; `--bracketed` turns on bracketed paste. */
export function echoKeysCommand(bracketed = false): string {
  return `${sh(process.execPath)} ${sh(echoKeys)}${bracketed ? ' --bracketed' : ''}`;
}

/** A pane that prints `text` (no trailing newline) and then waits. */
export function showTextCommand(text: string): string {
  return `printf '%s' ${sh(text)}; exec cat`;
}

/** A pane that draws a captured screen file (trailing blank lines dropped, so nothing scrolls) and then waits. */
export function drawFileCommand(path: string): string {
  return `printf '%s' "$(cat ${sh(path)})"; exec cat`;
}

/** Decoded `K:` lines of a capture: everything the echo program received, in order. */
export function receivedText(lines: readonly string[]): string {
  return lines
    .filter((l) => l.startsWith('K:'))
    .map((l) => JSON.parse(l.slice(2)) as string)
    .join('');
}
