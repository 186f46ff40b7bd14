/**
 * A host's reachability as one fact, from the link statuses of its tmux servers: what is announced
 * once per change (`host:changed`), never once per server or per failed retry.
 */
import type { HostLinkStatus } from './host-client.ts';
import { unreachableReason } from './host-client.ts';

/** Where a host stands, as announced. */
export type HostReach =
  | { readonly kind: 'reachable'; readonly since: number }
  | { readonly kind: 'unreachable'; readonly since: number; readonly reason: string };

/**
 * The host's reach from its servers' statuses, or null while undecided. Unreachable once a server's
 * ssh actually failed (`failures` ≥ 1): a lost channel that is being reconnected (`failures` 0) and
 * the first connection are undecided, so a master that dies and comes straight back says nothing.
 * Reachable when every server answers (tmux running or not).
 */
export function hostReach(host: string, statuses: readonly HostLinkStatus[]): HostReach | null {
  let down: Extract<HostLinkStatus, { kind: 'down' }> | null = null;
  let allAnswer = statuses.length > 0;
  for (const s of statuses) {
    if (s.kind === 'down' && s.failures >= 1 && (down === null || s.since < down.since)) down = s;
    if (s.kind !== 'up' && s.kind !== 'no-server') allAnswer = false;
  }
  if (down !== null) return { kind: 'unreachable', since: down.since, reason: unreachableReason(host, down) ?? `host ${host} unreachable` };
  if (allAnswer) return { kind: 'reachable', since: Math.max(...statuses.map((s) => s.since)) };
  return null;
}

/** The reach to announce after `previous` (a host is taken as reachable until shown otherwise), or null when nothing changed. */
export function reachChange(previous: HostReach['kind'], next: HostReach | null): HostReach | null {
  return next === null || next.kind === previous ? null : next;
}
