/**
 * The Cursor agent runtime. Rests on real screens of Cursor agent 2026.09.26 that other projects
 * captured (test/fixtures/peer-screens), not on running cursor-agent here.
 */
import type { RuntimeModule } from '../types.ts';
import { classifyCursor } from './classify.ts';
import { matchesCursorProcess } from './process.ts';
import { isCursorVolatileLine } from './volatile.ts';

/** Cursor agent: approve by the key printed on its one single-use option (`Run (once) (y)`, `Delete (y)`). */
export const cursorRuntime: RuntimeModule = {
  id: 'cursor',
  displayName: 'Cursor agent',
  verified: true,
  needsColour: false,
  matchesProcess: matchesCursorProcess,
  isVolatileLine: isCursorVolatileLine,
  classify: classifyCursor,
};
