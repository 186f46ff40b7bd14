/**
 * The two ways a command line ends early: a usage error, or help asked for. Apart from program.ts
 * (commander) so that run-cli tells them apart without loading commander.
 */

/** Thrown for bad command lines; the CLI prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Thrown when the command line asked for help (or the version): the CLI prints `text` and exits 0. */
export class HelpShown extends Error {
  override readonly name = 'HelpShown';
  constructor(readonly text: string) {
    super('help shown');
  }
}
