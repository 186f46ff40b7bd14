/**
 * Every action a shell surface (tray menu, notification, hotkey) can ask for, as plain data. Menus
 * and notifications carry these values; one dispatcher performs them, so no surface decides anything.
 */
import type { PauseChoice } from '../../engine/notify/pause.ts';

/**
 * Approve and deny carry the prompt fingerprint of the item the user saw in that menu or
 * notification: the engine sends a key only while the pane still shows that very prompt.
 */
export type ShellAction =
  | { readonly kind: 'approve'; readonly itemId: string; readonly fingerprint: string }
  | { readonly kind: 'deny'; readonly itemId: string; readonly fingerprint: string }
  | { readonly kind: 'jump'; readonly itemId: string }
  | { readonly kind: 'jump-oldest' }
  | { readonly kind: 'open-queue'; readonly itemId: string | null }
  | { readonly kind: 'open-settings' }
  | { readonly kind: 'pause'; readonly choice: PauseChoice }
  | { readonly kind: 'resume' }
  | { readonly kind: 'start-at-login'; readonly enabled: boolean }
  | { readonly kind: 'quit' };

/** The kind of a ShellAction. */
export type ShellActionKind = ShellAction['kind'];
