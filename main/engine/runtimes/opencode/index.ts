/** The opencode runtime (verified against opencode 1.18.33 captures). */
import type { RuntimeModule } from '../types.ts';
import { withMenuFallback } from '../common/menu-fallback.ts';
import { classifyOpencode } from './classify.ts';
import { matchesOpencodeProcess } from './process.ts';
import { isOpencodeVolatileLine } from './volatile.ts';

export { OPENCODE_DIALOGS } from './dialogs.ts';

/** opencode: buttons chosen with Enter on the highlight, which only the colour capture shows. */
export const opencodeRuntime: RuntimeModule = {
  id: 'opencode',
  displayName: 'opencode',
  verified: true,
  needsColour: true,
  matchesProcess: matchesOpencodeProcess,
  isVolatileLine: isOpencodeVolatileLine,
  classify: withMenuFallback('opencode', classifyOpencode),
};
