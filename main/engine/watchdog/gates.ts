/** The gates every keystroke of the watchdog passes: safe to type, no human at work, no draft in the input line. */
import type { Screen } from '../runtimes/types.ts';
import type { ClientInfo } from '../tmux/types.ts';

/**
 * True ONLY when the agent waits at its input prompt. A permission prompt, dialog, menu, trust
 * dialog, unknown screen or working agent is never typed into: "continue⏎" landing on a prompt
 * would approve it. No screen (capture failed) is not safe either.
 */
export function safeToType(screen: Screen | null): boolean {
  return screen !== null && screen.kind === 'idle';
}

/** Text already typed into the agent's input line (someone is composing a message): nudges wait. */
export function draftPresent(screen: Screen | null): boolean {
  return screen !== null && screen.kind === 'idle' && screen.draft.trim() !== '';
}

/** The latest input (epoch ms) of any client attached to the pane's session; null when none is attached. */
export function lastHumanInput(clients: readonly ClientInfo[], paneSession: string): number | null {
  const times = clients.filter((c) => c.sessionName === paneSession).map((c) => c.activity * 1000);
  return times.length ? Math.max(...times) : null;
}

/** A human typed into a client attached to the pane's session within `windowMs` (tmux `client_activity`). */
export function humanActive(clients: readonly ClientInfo[], paneSession: string, now: number, windowMs = 120_000): boolean {
  const last = lastHumanInput(clients, paneSession);
  return last !== null && now - last < windowMs;
}

/** When the human gate opens again (the window after the latest input ends); `now` when nobody is active. */
export function humanQuietAt(clients: readonly ClientInfo[], paneSession: string, now: number, windowMs = 120_000): number {
  const last = lastHumanInput(clients, paneSession);
  return last === null ? now : Math.max(now, last + windowMs);
}
