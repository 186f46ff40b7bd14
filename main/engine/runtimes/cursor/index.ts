/**
 * The Cursor agent runtime. Unverified: built from public docs (cursor.com/docs/cli) and
 * third-party pane captures, no captures of our own — shown to the user as unverified.
 */
import type { RuntimeModule } from '../types.ts';
import { withMenuFallback } from '../common/menu-fallback.ts';
import { classifyCursor } from './classify.ts';
import { matchesCursorProcess } from './process.ts';
import { isCursorVolatileLine } from './volatile.ts';

/** Cursor agent: detected and queued; never approved by key until a real capture verifies it. */
export const cursorRuntime: RuntimeModule = {
  id: 'cursor',
  displayName: 'Cursor agent',
  verified: false,
  needsColour: false,
  matchesProcess: matchesCursorProcess,
  isVolatileLine: isCursorVolatileLine,
  classify: withMenuFallback('cursor', classifyCursor),
};
