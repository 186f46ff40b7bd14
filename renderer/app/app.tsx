/** The window frame: navigation between Queue, Settings and Activity, and banners for engine trouble. */
import { useApp, useNow, useQueue } from '../../client/react/context.tsx';
import type { View } from '../../client/store/app-store.ts';
import { hostOutageText } from '../../client/store/host-outages.ts';
import { QueueScreen } from '../screens/queue/queue-screen.tsx';
import { SettingsScreen } from '../screens/settings/settings-screen.tsx';
import { ActivityScreen } from '../screens/activity/activity-screen.tsx';

const VIEWS: ReadonlyArray<readonly [View, string]> = [
  ['queue', 'Queue'],
  ['settings', 'Settings'],
  ['activity', 'Activity'],
];

/** The root component. */
export function App() {
  const view = useApp((s) => s.view);
  const chosen = useApp((s) => s.viewChosen);
  const errors = useApp((s) => s.engineErrors);
  const dismiss = useApp((s) => s.engineErrorsDismissed);
  const connected = useQueue((s) => s.connected);
  const waiting = useQueue((s) => s.items.length);
  const latest = errors[errors.length - 1];

  return (
    <div className="app">
      <nav className="nav" aria-label="Screens">
        <span className="brand">Trail Boss</span>
        {VIEWS.map(([id, label]) => (
          <button key={id} type="button" className="nav-tab" aria-current={view === id ? 'page' : undefined} onClick={() => chosen(id)}>
            {label}
            {id === 'queue' && waiting > 0 ? <span className="nav-count">{waiting}</span> : null}
          </button>
        ))}
      </nav>
      {!connected ? (
        <p className="banner warn" role="status">
          Lost the connection to Trail Boss; reconnecting…
        </p>
      ) : null}
      <HostOutages />
      {latest !== undefined ? (
        <div className="banner error" role="alert">
          <span>{latest}</span>
          <button type="button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      ) : null}
      <main className="main">
        {view === 'queue' ? <QueueScreen /> : null}
        {view === 'settings' ? <SettingsScreen /> : null}
        {view === 'activity' ? <ActivityScreen /> : null}
      </main>
    </div>
  );
}

/** A banner per host that cannot be reached; its age ticks here, not in the whole window. */
function HostOutages() {
  const outages = useApp((s) => s.hostOutages);
  const now = useNow();
  return (
    <>
      {outages.map((o) => (
        <p key={o.host} className="banner warn host-outage" role="status" data-host={o.host}>
          {hostOutageText(o, now, (ms) => new Date(ms).toLocaleTimeString())}
        </p>
      ))}
    </>
  );
}
