/** What a settled message says happened (pure): "✅ approved in the queue window 14:02". */
import { assertNever } from '../../../preload/contract/assert-never.ts';
import type { ActionOutcomeDto } from '../../../preload/contract/queue-item.ts';
import type { Resolution, Surface } from '../store/index.ts';
import { clockTime } from './item-message.ts';

const WHERE: Record<Surface, string> = {
  cli: 'from the command line',
  tui: 'in the terminal UI',
  tray: 'from the tray',
  queue: 'in the queue window',
  notification: 'from a desktop notification',
  hotkey: 'with a hotkey',
  watchdog: 'by the watchdog',
  api: 'in the browser',
  engine: 'by Trail Boss',
  telegram: 'from Telegram',
  slack: 'from Slack',
};

/** An item left the queue: how, where and when. */
export function resolutionWords(how: Resolution, by: Surface, at: number): string {
  const when = clockTime(at);
  switch (how) {
    case 'approved':
      return `✅ approved ${WHERE[by]} ${when}`;
    case 'denied':
      return `⛔ denied ${WHERE[by]} ${when}`;
    case 'replied':
      return `💬 answered ${WHERE[by]} ${when}`;
    case 'answered-in-pane':
      return `⌨️ answered in the terminal ${when}`;
    case 'recovered':
      return `▶️ went back to work by itself ${when}`;
    case 'dismissed':
      return `🗑 dismissed ${WHERE[by]} ${when}`;
    case 'restarted':
      return `🔄 restarted ${when}`;
    case 'expired':
      return `⌛ expired ${when}: answer at the desk`;
    case 'gone':
      return `✖️ the pane is gone (${when})`;
    default:
      return assertNever(how);
  }
}

/** The outcome of an action taken from a chat (`via`: Telegram, Slack), for the toast and the edited message. */
export function actionWords(o: Pick<ActionOutcomeDto, 'action' | 'outcome' | 'message'>, at: number, via = 'Telegram'): string {
  const when = clockTime(at);
  const done = o.outcome === 'confirmed' || o.outcome === 'unconfirmed';
  const verb =
    o.action === 'approve' ? '✅ Approved' : o.action === 'deny' ? '⛔ Denied' : o.action === 'snooze' ? '💤 Snoozed' : '💬 Typed';
  if (done) return `${verb} from ${via} ${when}${o.outcome === 'unconfirmed' ? ' (sent; the pane did not show it yet)' : ''}`;
  return `Nothing was sent: ${o.message}`;
}
