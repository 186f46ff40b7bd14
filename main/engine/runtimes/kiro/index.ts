/**
 * The kiro-cli runtime. Unverified: built from public docs (kiro.dev/docs/cli) and third-party
 * captures, no captures of our own — shown to the user as unverified.
 */
import type { RuntimeModule } from '../types.ts';
import { withMenuFallback } from '../common/menu-fallback.ts';
import { classifyKiro } from './classify.ts';
import { matchesKiroProcess } from './process.ts';
import { isKiroVolatileLine } from './volatile.ts';

/** kiro-cli: detected and queued; never approved by key until a real capture verifies it. */
export const kiroRuntime: RuntimeModule = {
  id: 'kiro',
  displayName: 'kiro-cli',
  verified: false,
  needsColour: false,
  matchesProcess: matchesKiroProcess,
  isVolatileLine: isKiroVolatileLine,
  classify: withMenuFallback('kiro', classifyKiro),
};
