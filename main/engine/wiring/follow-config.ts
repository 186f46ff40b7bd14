/**
 * Wiring step 9: config edits apply live — the reminders' cadence, every pane's watchdog mode — and
 * every surface hears the new settings; an invalid edit is announced and the last good config stays.
 */
import { phoneStatusDto } from '../api/phone-methods.ts';
import { settingsState } from '../api/settings-view.ts';
import type { Attention } from './attention.ts';
import type { Foundation } from './foundation.ts';
import type { WatchdogWiring } from './watchdog-wiring.ts';

/** Subscribe the engine's parts to the config watcher. */
export function followConfig(f: Foundation, attention: Attention, watchdog: WatchdogWiring): void {
  const { watcher, store, logger, events, paths } = f;
  watcher.onChange((next) => {
    attention.reminders.setCadence(next.reminders.cadence);
    for (const pane of store.panes.list()) watchdog.sync(pane);
    logger.log('info', 'config.applied', { file: paths.config });
    // With the pairing as it stands: without it every config edit told the views "not paired" (the
    // settings view, just paired with an API base saved, then showed the pairing undone).
    events.emit('settings:changed', settingsState(next, paths.config, null, phoneStatusDto(store)));
  });
  watcher.onError((errors, file) =>
    events.emit('engine:error', {
      code: 'invalid',
      message: `${file}: not applied, the last good config stays: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    }),
  );
}
