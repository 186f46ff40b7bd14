/** The Codex CLI runtime (verified against codex-cli 0.169.0 captures). */
import type { RuntimeModule } from '../types.ts';
import { withMenuFallback } from '../common/menu-fallback.ts';
import { classifyCodex } from './classify.ts';
import { matchesCodexProcess } from './process.ts';
import { isCodexVolatileLine } from './volatile.ts';

export { CODEX_DIALOGS } from './dialogs.ts';

/** Codex: digit keys select options directly (`1` approves once); `›` marks the highlight. */
export const codexRuntime: RuntimeModule = {
  id: 'codex',
  displayName: 'Codex',
  verified: true,
  needsColour: false,
  matchesProcess: matchesCodexProcess,
  isVolatileLine: isCodexVolatileLine,
  classify: withMenuFallback('codex', classifyCodex),
};
