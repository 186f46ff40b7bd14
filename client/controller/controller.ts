/** The window's controller: every effect the UI can trigger, composed from the per-area actions. */
import type { KeyCommand } from '../keyboard/keymap.ts';
import { activityActions, type ActivityActionsApi } from './activity-actions.ts';
import type { ControllerDeps } from './deps.ts';
import { dispatchKey } from './keyboard-dispatch.ts';
import { phoneActions, type PhoneActionsApi } from './phone-actions.ts';
import { queueActions, type QueueActionsApi } from './queue-actions.ts';
import { settingsActions, type SettingsActionsApi } from './settings-actions.ts';
import { slackActions, type SlackActionsApi } from './slack-actions.ts';
import { subscribeAll } from './subscriptions.ts';

/** Everything components may call. */
export interface Controller extends QueueActionsApi, SettingsActionsApi, ActivityActionsApi, PhoneActionsApi, SlackActionsApi {
  /** Loads the queue and subscribes to events; the returned function stops both. */
  start(): () => void;
  /** Runs a keyboard command; true when it was handled. */
  key(command: KeyCommand): boolean;
}

/** Creates the controller for one window. */
export function createController(deps: ControllerDeps): Controller {
  const queue = queueActions(deps);
  const settings = settingsActions(deps);
  const activity = activityActions(deps);
  return {
    ...queue,
    ...settings,
    ...activity,
    ...phoneActions(deps),
    ...slackActions(deps),
    start() {
      // Subscribe first so nothing that happens during the load is missed; the load then sets the baseline.
      const off = subscribeAll(deps, queue.reloadQueue);
      void queue.reloadQueue();
      return () => {
        off();
        deps.bridge.close();
      };
    },
    key: (command) => dispatchKey(command, deps, queue),
  };
}
