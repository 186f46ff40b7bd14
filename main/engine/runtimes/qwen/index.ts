/** The Qwen Code runtime, verified against @qwen-code/qwen-code 0.24.4 captures (test/fixtures/panes/qwen). */
import { withMenuFallback } from '../common/menu-fallback.ts';
import type { RuntimeModule } from '../types.ts';
import { classifyQwen } from './classify.ts';
import { matchesQwenProcess } from './process.ts';
import { isQwenVolatileLine } from './volatile.ts';

/** Qwen Code: digits choose at once (`1` allows once); Esc cancels a confirmation (the tool does not run). */
export const qwenRuntime: RuntimeModule = {
  id: 'qwen',
  displayName: 'Qwen Code',
  verified: true,
  needsColour: false,
  matchesProcess: matchesQwenProcess,
  isVolatileLine: isQwenVolatileLine,
  classify: withMenuFallback('qwen', classifyQwen),
  // A fork of Gemini CLI's input: an Enter right after a bracketed paste may become a newline.
  enterAfterPasteMs: 400,
};
