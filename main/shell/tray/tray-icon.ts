/** Which tray icon, title and tooltip go with the queue's state. Pure; the pixels come from icon-image.ts. */

/** The icon's look: nothing waiting, something waiting, something stuck. */
export type TrayIconTone = 'clear' | 'waiting' | 'stuck';

/** Everything the tray shows besides its menu. */
export interface TrayIconSpec {
  readonly tone: TrayIconTone;
  /** Notifications paused: drawn hollow, so the user sees at a glance that nothing will pop up. */
  readonly paused: boolean;
  /** The count drawn into the icon: '' for none, '1'…'9', '9+' beyond. */
  readonly badge: string;
  /** Text beside the icon in the macOS menu bar ('' when nothing waits). */
  readonly title: string;
  readonly toolTip: string;
  /** Identifies the image: equal keys mean equal pixels, so the tray skips redrawing. */
  readonly key: string;
}

/**
 * The spec for `count` waiting items, `stuck` among them or not, with notifications paused or not.
 * `problem` (a headline such as "tmux not found") draws the stuck look with a `!` and says it in the tooltip.
 */
export function trayIconSpec(count: number, stuck: boolean, paused: boolean, problem: string | null = null): TrayIconSpec {
  const tone: TrayIconTone = problem !== null ? 'stuck' : count === 0 ? 'clear' : stuck ? 'stuck' : 'waiting';
  const badge = problem !== null ? '!' : count === 0 ? '' : count > 9 ? '9+' : String(count);
  const waiting = count === 0 ? 'no agent is waiting' : count === 1 ? '1 agent is waiting' : `${count} agents are waiting`;
  const tip =
    problem !== null
      ? `Trail Boss — ${problem}`
      : `Trail Boss — ${waiting}${stuck ? ', some are stuck' : ''}${paused ? ' (notifications paused)' : ''}`;
  return {
    tone,
    paused,
    badge,
    title: problem !== null ? '!' : count === 0 ? '' : String(count),
    toolTip: tip,
    key: `${tone}:${badge}:${paused ? 'p' : ''}`,
  };
}
