/** Activity effects: load the last day of waits, the agents and the audit log; mute a pane. */
import type { ControllerDeps } from './deps.ts';

/** The activity window. */
export const ACTIVITY_WINDOW_MS = 24 * 60 * 60_000;
const AUDIT_PAGE = 200;

export interface ActivityActionsApi {
  loadActivity(): Promise<void>;
  setMuted(paneKey: string, muted: boolean): Promise<void>;
}

/** Creates the activity actions. */
export function activityActions({ bridge, stores, clock }: ControllerDeps): ActivityActionsApi {
  const activity = () => stores.activity.getState();
  return {
    async loadActivity() {
      activity().activityRequested();
      const [waits, audit, agents] = await Promise.all([
        bridge.api['activity:get']({ since: clock.now() - ACTIVITY_WINDOW_MS }),
        bridge.api['audit:list']({ limit: AUDIT_PAGE, before: null }),
        bridge.api['agents:list']({}),
      ]);
      if (waits.ok && audit.ok && agents.ok) activity().activityLoaded(waits.value, audit.value, agents.value);
      else activity().activityFailed([waits, audit, agents].flatMap((r) => (r.ok ? [] : [r.error.message])).join('; '));
    },
    async setMuted(paneKey, muted) {
      const r = await bridge.api['pane:mute']({ paneKey, muted });
      if (r.ok) activity().agentChanged(r.value);
      else stores.app.getState().engineErrorReported(`Could not ${muted ? 'mute' : 'unmute'} ${paneKey}: ${r.error.message}`);
    },
  };
}
