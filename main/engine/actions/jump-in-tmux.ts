/**
 * Jump (engine part): make the pane current for a terminal attached to its tmux server. Bringing
 * that terminal window forward, or opening one, is done by main/engine/jump (the desktop shell and `trailboss jump` share it).
 */
import type { ActionResult } from './types.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { hostOfPaneKey } from '../hosts/host-spec.ts';

/**
 * Select the pane in its window and switch a client to it: `client` (a popup's opener) when it is
 * attached to the pane's server, else the most recently active attached client. A pane on another
 * host ignores `client`: a tty name there means another terminal.
 */
export async function jumpToPane(
  observer: PaneObserver,
  paneKey: PaneKey,
  client?: string,
): Promise<Pick<ActionResult, 'outcome' | 'message'>> {
  const pane = observer.pane(paneKey);
  if (!pane) return { outcome: 'gone', message: 'the pane is no longer watched' };
  const clients = (await pane.client.listClients()).filter((c) => !('controlMode' in c && (c as { controlMode?: boolean }).controlMode));
  const asked = client !== undefined && hostOfPaneKey(paneKey) === null ? clients.find((c) => c.tty === client) : undefined;
  const recent = asked ?? [...clients].sort((a, b) => b.activity - a.activity)[0];
  await pane.client.focusPane(pane.info.paneId, recent?.tty);
  if (!recent) {
    return {
      outcome: 'refused',
      message: `selected ${pane.info.target}, but no terminal is attached to that tmux server; attach one (tmux attach -t ${pane.info.sessionName}) or use the desktop app, which opens one`,
    };
  }
  return { outcome: 'confirmed', message: `switched ${recent.tty} to ${pane.info.target}` };
}
