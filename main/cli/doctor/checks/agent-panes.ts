/** Doctor check: agent panes found in the watched tmux servers, per runtime. */
import { procProcessTable } from '../../../engine/platform/process-table.ts';
import { RUNTIMES } from '../../../engine/runtimes/catalog.ts';
import { agentPanes } from '../../../engine/snapshot/pane-target.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';
import { panesPerServer } from './tmux-servers.ts';

export const agentPanesCheck: DoctorCheck = {
  id: 'agent-panes',
  title: 'agent panes',
  async run(env) {
    if (env.tmux.kind === 'missing') return advice('not checked: tmux is not installed', null);
    const table = procProcessTable().snapshot();
    const perRuntime = new Map<string, number>();
    let panes = 0;
    for (const { panes: list } of await panesPerServer(env)) {
      if (list === null) continue;
      panes += list.length;
      for (const { agent } of agentPanes(list, RUNTIMES, table)) perRuntime.set(agent.runtime, (perRuntime.get(agent.runtime) ?? 0) + 1);
    }
    const known = RUNTIMES.map((r) => r.id).join(', ');
    if (perRuntime.size === 0) {
      return advice(
        `no agent found in ${panes} watched pane${panes === 1 ? '' : 's'} (looks for ${known})`,
        'start your coding agent inside a tmux pane of a watched server',
      );
    }
    return ok([...perRuntime].map(([runtime, n]) => `${runtime}: ${n}`).join(', '));
  },
};
