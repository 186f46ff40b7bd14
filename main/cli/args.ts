/** A small, strict argument parser: flags are declared per command; unknown flags are usage errors. */

export interface FlagSpec {
  /** 'bool' takes no value; 'string' takes one; 'list' may repeat. */
  readonly type: 'bool' | 'string' | 'list';
}

export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: Record<string, boolean | string | string[]>;
}

/** Thrown for bad command lines; the CLI prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Parse `argv` against `spec` (`--name value`, `--name=value`, `--` ends flags). */
export function parseArgs(argv: readonly string[], spec: Record<string, FlagSpec>): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, boolean | string | string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const def = spec[name];
    if (!def) throw new UsageError(`unknown option --${name}`);
    if (def.type === 'bool') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (def.type === 'list') flags[name] = [...((flags[name] as string[] | undefined) ?? []), value];
    else flags[name] = value;
  }
  return { positional, flags };
}

/** Typed accessors over parsed flags. */
export const flag = {
  bool: (a: ParsedArgs, name: string): boolean => a.flags[name] === true,
  string: (a: ParsedArgs, name: string): string | undefined => (typeof a.flags[name] === 'string' ? (a.flags[name] as string) : undefined),
  list: (a: ParsedArgs, name: string): string[] => (Array.isArray(a.flags[name]) ? (a.flags[name] as string[]) : []),
};
