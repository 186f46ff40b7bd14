/** The last step of every runtime's classification: what its own recognisers leave unknown may still be a menu. */
import type { PaneCapture, RuntimeId, Screen } from '../types.ts';
import { recogniseGenericMenu } from './generic-menu.ts';

/**
 * `classify` with the generic menu recogniser behind it: a screen the runtime explains is returned as
 * it is; only `unknown` is offered to the generic recogniser (low confidence, never an approve key).
 */
export function withMenuFallback(runtime: RuntimeId, classify: (capture: PaneCapture) => Screen): (capture: PaneCapture) => Screen {
  return (capture) => {
    const screen = classify(capture);
    if (screen.kind !== 'unknown') return screen;
    return recogniseGenericMenu(capture.lines, runtime) ?? screen;
  };
}
