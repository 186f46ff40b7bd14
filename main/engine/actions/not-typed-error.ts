/** The error the watchdog's typing raises when text was not typed, so the API can answer with the action's own outcome. */
import type { ActionOutcome } from './types.ts';

/** Typing did not complete (refused, the screen changed before Enter, the pane went): the action's own outcome. */
export class NotTypedError extends Error {
  override readonly name = 'NotTypedError';
  constructor(
    readonly outcome: Exclude<ActionOutcome, 'confirmed'>,
    message: string,
  ) {
    super(message);
  }
}
