/** The last step of every runtime's classification: what its own recognisers leave unknown may still be a menu. */
import type { PaneCapture, RuntimeId, Screen } from '../types.ts';
import { recogniseGenericMenu } from './generic-menu.ts';
import { isTornFrame } from './torn-frame.ts';

/**
 * `classify` with the generic menu recogniser behind it: a screen the runtime explains is returned as
 * it is; only `unknown` is offered to the generic recogniser (low confidence, never an approve key).
 * A prompt or dialog read from a frame still being drawn (`isTornFrame`) is `unknown` instead: it is
 * looked at again once it settles. So is a screen the runtime knows as one of its own menus with its
 * last rows not drawn yet (`unfinished`): the generic reading would show it with options missing.
 */
export function withMenuFallback(
  runtime: RuntimeId,
  classify: (capture: PaneCapture) => Screen,
  unfinished: (capture: PaneCapture) => boolean = () => false,
): (capture: PaneCapture) => Screen {
  return (capture) => {
    const screen = classify(capture);
    const unknown: Screen = { kind: 'unknown', runtime };
    if (screen.kind === 'permission' || screen.kind === 'dialog') return isTornFrame(capture.lines) ? unknown : screen;
    if (screen.kind !== 'unknown') return screen;
    // A runtime's own menu whose last rows are not drawn yet (`unfinished`) is not offered as any menu.
    if (isTornFrame(capture.lines) || unfinished(capture)) return screen;
    return recogniseGenericMenu(capture.lines, runtime) ?? screen;
  };
}
