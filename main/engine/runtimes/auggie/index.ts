/**
 * The Auggie runtime. Unverified: built from public docs (docs.augmentcode.com/cli), no captures
 * of our own — shown to the user as unverified.
 */
import type { RuntimeModule } from '../types.ts';
import { classifyAuggie } from './classify.ts';
import { matchesAuggieProcess } from './process.ts';
import { isAuggieVolatileLine } from './volatile.ts';

/** Auggie: detected and queued; never approved by key until a real capture verifies it. */
export const auggieRuntime: RuntimeModule = {
  id: 'auggie',
  displayName: 'Auggie',
  verified: false,
  needsColour: false,
  matchesProcess: matchesAuggieProcess,
  isVolatileLine: isAuggieVolatileLine,
  classify: classifyAuggie,
};
