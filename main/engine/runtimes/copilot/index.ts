/** The GitHub Copilot CLI runtime, verified against @github/copilot 1.0.102 captures (test/fixtures/panes/copilot). */
import { withMenuFallback } from '../common/menu-fallback.ts';
import type { RuntimeModule } from '../types.ts';
import { classifyCopilot } from './classify.ts';
import { matchesCopilotProcess } from './process.ts';
import { isCopilotVolatileLine } from './volatile.ts';

/** Copilot CLI: digits choose at once (`1. Yes` allows once); Esc cancels a confirmation. */
export const copilotRuntime: RuntimeModule = {
  id: 'copilot',
  displayName: 'Copilot CLI',
  verified: true,
  needsColour: false,
  matchesProcess: matchesCopilotProcess,
  isVolatileLine: isCopilotVolatileLine,
  classify: withMenuFallback('copilot', classifyCopilot),
};
