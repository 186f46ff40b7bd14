/** Doctor check: a Trail Boss engine is running for this data directory and its API answers. */
import { readEndpointFile } from '../../../engine/http/endpoint-info.ts';
import { NoEngineError, engineClient } from '../../engine-client.ts';
import { advice, ok, problem, type DoctorCheck } from '../check.ts';

export const engineCheck: DoctorCheck = {
  id: 'engine',
  title: 'engine',
  async run({ ctx, paths }) {
    const endpoint = readEndpointFile(paths.endpoint);
    if (endpoint === null)
      return advice(
        `no engine is running for ${paths.home}`,
        'start the desktop app (`trailboss app`) or the engine alone (`trailboss daemon --ui`)',
      );
    try {
      const agents = await engineClient(ctx, 3_000).call('agents:list', {});
      if (!agents.ok)
        return problem(
          `the engine (pid ${endpoint.pid}, port ${endpoint.port}) answers with an error: ${agents.error.message}`,
          'restart it (quit the app or stop `trailboss daemon`, then start it again)',
        );
      return ok(
        `running (pid ${endpoint.pid}), API on 127.0.0.1:${endpoint.port}, watching ${agents.value.length} agent pane${agents.value.length === 1 ? '' : 's'}`,
      );
    } catch (error) {
      if (!(error instanceof NoEngineError)) throw error;
      return problem(
        `${paths.endpoint} names an engine (pid ${endpoint.pid}, port ${endpoint.port}) that does not answer: ${error.message}`,
        `if pid ${endpoint.pid} still runs, stop it (kill ${endpoint.pid}); then start Trail Boss again`,
      );
    }
  },
};
