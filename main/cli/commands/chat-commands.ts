/**
 * What the chat channels' commands (`trailboss phone …`, `trailboss slack …`) share: the four
 * subcommands and reading a token from the file the user named (never echoing it).
 */
import { readFileSync } from 'node:fs';
import type { CliContext } from '../context.ts';
import { UsageError } from '../program.ts';

/** One subcommand's handler. */
export type ChatSubcommand = (ctx: CliContext, argv: readonly string[]) => number | Promise<number>;

/** Runs `<name> pair|status|unpair|test …`. */
export async function runChatCommand(
  ctx: CliContext,
  name: string,
  subs: { readonly pair: ChatSubcommand; readonly status: ChatSubcommand; readonly unpair: ChatSubcommand; readonly test: ChatSubcommand },
): Promise<number> {
  const [sub, ...rest] = ctx.argv;
  switch (sub) {
    case 'pair':
      return subs.pair(ctx, rest);
    case 'status':
      return subs.status(ctx, rest);
    case 'unpair':
      return subs.unpair(ctx, rest);
    case 'test':
      return subs.test(ctx, rest);
    default:
      throw new UsageError(
        sub ? `unknown ${name} command '${sub}' (pair, status, unpair or test)` : `${name} needs pair, status, unpair or test`,
      );
  }
}

/**
 * The token in `file` as `check` accepts it, or null after saying on stderr why not (the file's
 * error code, `noCode(error)` where there is none, or what the text is not; never the text).
 */
export function readTokenFile(
  ctx: CliContext,
  command: string,
  file: string,
  check: (text: string) => { ok: true; token: string } | { ok: false; message: string },
  noCode: (error: unknown) => string,
): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    ctx.stderr(`trailboss ${command}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? noCode(error)}\n`);
    return null;
  }
  const checked = check(text);
  if (!checked.ok) {
    ctx.stderr(`trailboss ${command}: ${file}: ${checked.message}\n`);
    return null;
  }
  return checked.token;
}
