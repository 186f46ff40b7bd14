/**
 * Hosts that cannot be reached, as the window's banner shows them: one line per host, added when
 * `host:changed` says unreachable and taken away when the host is back or leaves the config. Pure.
 */
import { assertNever } from '../../preload/contract/assert-never.ts';
import type { HostChangeDto } from '../../preload/contract/events.ts';
import { formatAge } from '../format/age.ts';

/** One host that cannot be reached now. */
export interface HostOutage {
  readonly host: string;
  /** When it was last reachable (or first tried), epoch ms. */
  readonly since: number;
  /** The engine's words: "host gpu unreachable since …: the host cannot be reached (…)". */
  readonly reason: string;
}

/** The outages after `change`, in host-name order. */
export function applyHostChange(outages: readonly HostOutage[], change: HostChangeDto): HostOutage[] {
  const others = outages.filter((o) => o.host !== change.host);
  switch (change.state) {
    case 'unreachable':
      return [...others, { host: change.host, since: change.since, reason: change.reason }].sort((a, b) => a.host.localeCompare(b.host));
    case 'reachable':
    case 'removed':
      return others;
    default:
      return assertNever(change);
  }
}

/** What went wrong, without the "host X unreachable since <ISO>:" the banner says in its own words. */
function detailOf(o: HostOutage): string {
  const colon = o.reason.indexOf(': ');
  return o.reason.startsWith(`host ${o.host} `) && colon >= 0 ? o.reason.slice(colon + 2) : o.reason;
}

/** "Host gpu unreachable since 14:02:11 (4m 05s): the host cannot be reached (…). Its agents keep their place; nothing is sent to it." */
export function hostOutageText(o: HostOutage, now: number, timeOfDay: (ms: number) => string): string {
  const detail = detailOf(o);
  return `Host ${o.host} unreachable since ${timeOfDay(o.since)} (${formatAge(now - o.since)})${detail ? `: ${detail}` : ''}. Its agents keep their place; nothing is sent to it.`;
}
