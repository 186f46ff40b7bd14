/** Activity: per agent, how long it waited and on what over the last day; the agents; the audit log. */
import { useEffect } from 'react';
import type { AgentActivityDto } from '../../../preload/contract/index.ts';
import { useActivity, useController } from '../../../client/react/context.tsx';
import { formatAge } from '../../../client/format/age.ts';
import { reasonLabel, runtimeName, stateLabel } from '../../../client/format/labels.ts';
import { AuditTable } from './audit-table.tsx';
import { WaitChart } from './wait-chart.tsx';
import { hourTicks, totalsByReason } from './chart-geometry.ts';

/** The activity screen. */
export function ActivityScreen() {
  const controller = useController();
  const status = useActivity((s) => s.status);
  const activity = useActivity((s) => s.activity);
  const agents = useActivity((s) => s.agents);
  const audit = useActivity((s) => s.audit);
  const problem = useActivity((s) => s.problem);
  useEffect(() => {
    void controller.loadActivity();
  }, [controller]);

  return (
    <section className="activity" aria-labelledby="activity-title">
      <header className="screen-head">
        <h1 id="activity-title">Activity</h1>
        <button type="button" onClick={() => void controller.loadActivity()}>
          Refresh
        </button>
      </header>
      {problem !== null ? (
        <p className="problem" role="alert">
          {problem}
        </p>
      ) : null}
      {status === 'loading' ? <p className="empty">Loading…</p> : null}
      {activity !== null ? (
        <>
          <h2>Waiting over the last day</h2>
          <Legend />
          {activity.agents.length === 0 ? <p className="empty">No agent waited in the last day.</p> : null}
          <div className="charts">
            {activity.agents.length > 0 ? <Axis since={activity.since} until={activity.until} /> : null}
            {activity.agents.map((a) => (
              <AgentRow key={a.paneKey} agent={a} since={activity.since} until={activity.until} />
            ))}
          </div>
        </>
      ) : null}
      <h2>Agents</h2>
      {agents.length === 0 ? <p className="empty">No agent found in any watched tmux server.</p> : null}
      {agents.length > 0 ? (
        <table className="agents">
          <thead>
            <tr>
              <th scope="col">Pane</th>
              <th scope="col">Agent</th>
              <th scope="col">State</th>
              <th scope="col">Loop mode</th>
              <th scope="col">Muted</th>
            </tr>
          </thead>
          <tbody>
            {agents.map((a) => (
              <tr key={a.paneKey}>
                <td>{a.target}</td>
                <td>
                  {runtimeName(a.runtime)}
                  {a.runtimeVerified ? '' : ' (unverified)'}
                </td>
                <td>{stateLabel(a.state)}</td>
                <td>{a.loopMode}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Mute ${a.target}`}
                    checked={a.muted}
                    onChange={(e) => void controller.setMuted(a.paneKey, e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h2>Audit log</h2>
      <AuditTable entries={audit} />
    </section>
  );
}

function AgentRow({ agent, since, until }: { agent: AgentActivityDto; since: number; until: number }) {
  const totals = totalsByReason(agent.waits, since, until);
  const summary = totals.length === 0 ? 'no waits' : totals.map((t) => `${reasonLabel(t.reason)} ${formatAge(t.ms)}`).join(' · ');
  return (
    <div className="chart-row">
      <div className="chart-label">
        <strong>{agent.target}</strong> <span className="muted">{runtimeName(agent.runtime)}</span>
        <div className="muted">{summary}</div>
      </div>
      <WaitChart waits={agent.waits} since={since} until={until} label={`${agent.target}: ${summary}`} />
    </div>
  );
}

function Axis({ since, until }: { since: number; until: number }) {
  // HTML labels, not SVG text: the chart stretches to its width, which would distort SVG glyphs.
  return (
    <div className="chart-row axis" aria-hidden="true">
      <div className="chart-label" />
      <div className="wait-axis">
        {hourTicks(since, until, 100, 6 * 3_600_000).map((t) => (
          <span key={t.label} className="tick" style={{ left: `${t.x}%` }}>
            {t.label}
          </span>
        ))}
      </div>
    </div>
  );
}

function Legend() {
  return (
    <p className="legend">
      {(['permission', 'dialog', 'idle', 'idle-after-nudges', 'unknown'] as const).map((r) => (
        <span key={r}>
          <span className={`swatch bar-${r}`} /> {reasonLabel(r)}
        </span>
      ))}
    </p>
  );
}
