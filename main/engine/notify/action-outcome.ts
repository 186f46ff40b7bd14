/** Turning an API envelope into an action outcome, so every surface reports the same way. */
import type { Envelope, ErrorCode } from '../../../preload/contract/envelope.ts';
import type { ActionOutcomeDto, ItemActionDto, OutcomeKindDto } from '../../../preload/contract/queue-item.ts';

function outcomeForError(code: ErrorCode): OutcomeKindDto {
  switch (code) {
    case 'changed':
      return 'changed';
    case 'gone':
    case 'not-found':
      return 'gone';
    default:
      return 'refused';
  }
}

/** The outcome inside an envelope, or one made from its error (nothing was sent then). */
export function outcomeOf(itemId: string, action: ItemActionDto, envelope: Envelope<ActionOutcomeDto>): ActionOutcomeDto {
  if (envelope.ok) return envelope.value;
  return { itemId, action, outcome: outcomeForError(envelope.error.code), message: envelope.error.message };
}
