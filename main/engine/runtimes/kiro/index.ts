/**
 * The kiro-cli runtime. Its terminal UI rests on real screens of Kiro CLI 2.24–2.27 that other
 * projects captured (test/fixtures/peer-screens), not on running kiro-cli here.
 */
import type { RuntimeModule } from '../types.ts';
import { classifyKiro } from './classify.ts';
import { matchesKiroProcess } from './process.ts';
import { isKiroVolatileLine } from './volatile.ts';

/** kiro-cli: approve by Enter only on `❯ Yes, single permission` (peer captures of 2.24–2.27). */
export const kiroRuntime: RuntimeModule = {
  id: 'kiro',
  displayName: 'kiro-cli',
  verified: true,
  needsColour: false,
  matchesProcess: matchesKiroProcess,
  isVolatileLine: isKiroVolatileLine,
  classify: classifyKiro,
};
