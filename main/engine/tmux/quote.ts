/** Quoting for tmux's command parser: control-mode lines and `source-file` scripts use the same syntax. */

/**
 * Quote one argument so tmux reads it back byte for byte: a double-quoted string where `\`, `"`
 * and `$` are escaped and control characters become octal escapes — a raw newline would end
 * the command line (and an empty line detaches a control client). `~` and `#` are literal
 * inside quotes; `;` inside quotes is not a separator.
 */
export function quoteArg(arg: string): string {
  let out = '"';
  for (const ch of arg) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\' || ch === '"' || ch === '$') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** One command as one line of tmux syntax (no trailing newline). NUL cannot be passed through tmux. */
export function commandLine(args: readonly string[]): string {
  if (args.length === 0) throw new Error('empty tmux command');
  for (const a of args) if (a.includes('\0')) throw new Error(`tmux ${args[0]}: argument contains NUL`);
  return args.map(quoteArg).join(' ');
}
