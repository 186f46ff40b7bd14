/** `trailboss completion bash|zsh`: print the completion script for that shell. */
import { completionScript } from '../completion.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { buildProgram, parseCommandLine, read } from '../program.ts';

/** Print the script; the shell name was checked against the declared choices. */
export async function completionCommand(ctx: CliContext): Promise<number> {
  const shell = read.arg(parseCommandLine('completion', ctx.argv), 0) === 'zsh' ? 'zsh' : 'bash';
  ctx.stdout(completionScript(buildProgram(''), shell));
  return EXIT.ok;
}
