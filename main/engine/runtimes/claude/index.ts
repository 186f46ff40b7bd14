/** The Claude Code runtime module (verified against captures of Claude Code 2.1.329 and 2.1.197). */
import type { RuntimeModule } from '../types.ts';
import { withMenuFallback } from '../common/menu-fallback.ts';
import { classifyClaude } from './classify.ts';
import { matchesClaudeProcess } from './process-match.ts';
import { isClaudeVolatileLine } from './volatile.ts';

/** Claude Code: permission prompts, dialogs, idle input and working spinner read from the pane text. */
export const claudeRuntime: RuntimeModule = {
  id: 'claude',
  displayName: 'Claude Code',
  verified: true,
  // Every highlight Claude draws is the `❯` cursor, visible in plain text.
  needsColour: false,
  matchesProcess: matchesClaudeProcess,
  isVolatileLine: isClaudeVolatileLine,
  classify: withMenuFallback('claude', classifyClaude),
};
