/**
 * Jump (engine part): make the pane current for a terminal attached to its tmux server. Bringing
 * that terminal window forward, or opening one, is done by main/engine/jump (the desktop shell and `trailboss jump` share it).
 */
import type { ActionResult } from './types.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { PaneKey } from '../sessions/facts.ts';

/** Select the pane in its window and switch the most recently active attached client to it. */
export async function jumpToPane(observer: PaneObserver, paneKey: PaneKey): Promise<Pick<ActionResult, 'outcome' | 'message'>> {
  const pane = observer.pane(paneKey);
  if (!pane) return { outcome: 'gone', message: 'the pane is no longer watched' };
  const clients = (await pane.client.listClients()).filter((c) => !('controlMode' in c && (c as { controlMode?: boolean }).controlMode));
  const recent = [...clients].sort((a, b) => b.activity - a.activity)[0];
  await pane.client.focusPane(pane.info.paneId, recent?.tty);
  if (!recent) {
    return {
      outcome: 'refused',
      message: `selected ${pane.info.target}, but no terminal is attached to that tmux server; attach one (tmux attach -t ${pane.info.sessionName}) or use the desktop app, which opens one`,
    };
  }
  return { outcome: 'confirmed', message: `switched ${recent.tty} to ${pane.info.target}` };
}
