/** The Gemini CLI runtime, verified against @google/gemini-cli 0.61.0 captures (test/fixtures/panes/gemini). */
import { withMenuFallback } from '../common/menu-fallback.ts';
import type { RuntimeModule } from '../types.ts';
import { classifyGemini } from './classify.ts';
import { matchesGeminiProcess } from './process.ts';
import { isGeminiVolatileLine } from './volatile.ts';

/** Gemini CLI: digits choose at once (`1` allows once); Esc cancels a confirmation (the tool does not run). */
export const geminiRuntime: RuntimeModule = {
  id: 'gemini',
  displayName: 'Gemini CLI',
  verified: true,
  needsColour: false,
  // An Enter within 40 ms of a bracketed paste becomes a newline (0.61.0 InputPrompt); its timer and
  // re-render run on a loaded event loop, so the engine waits well past it.
  enterAfterPasteMs: 400,
  matchesProcess: matchesGeminiProcess,
  isVolatileLine: isGeminiVolatileLine,
  classify: withMenuFallback('gemini', classifyGemini),
};
