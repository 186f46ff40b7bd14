/** The Auggie runtime, verified against auggie 0.36.0 captures (test/fixtures/panes/auggie). */
import type { RuntimeModule } from '../types.ts';
import { withMenuFallback } from '../common/menu-fallback.ts';
import { classifyAuggie } from './classify.ts';
import { bottomRows } from './dialogs.ts';
import { isUnfinishedAuggieIndexing } from './indexing.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { matchesAuggieProcess } from './process.ts';
import { isAuggieVolatileLine } from './volatile.ts';

/** Auggie: `a` approves one call, `d` denies; Escape does nothing at its approval prompt. */
export const auggieRuntime: RuntimeModule = {
  id: 'auggie',
  displayName: 'Auggie',
  verified: true,
  needsColour: false,
  matchesProcess: matchesAuggieProcess,
  isVolatileLine: isAuggieVolatileLine,
  classify: withMenuFallback('auggie', classifyAuggie, (capture) => isUnfinishedAuggieIndexing(bottomRows(visibleLines(capture.lines)))),
};
