/**
 * Doctor check: the opencode plugin (optional: advice only). A user without opencode (no config
 * directory) is told nothing is needed.
 */
import { existsSync } from 'node:fs';
import { opencodeConfigDir, opencodePluginStatus } from '../../../engine/hooks/opencode-plugin.ts';
import { opencodeDeps } from '../../commands/hooks.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';
import { assertNever } from '../../../../preload/contract/assert-never.ts';

const FIX = 'trailboss hooks install --runtime opencode';

export const opencodePluginCheck: DoctorCheck = {
  id: 'opencode-plugin',
  title: 'opencode plugin',
  async run({ ctx }) {
    const configDir = opencodeConfigDir({ env: ctx.env, homedir: ctx.homedir });
    if (!existsSync(configDir)) return ok(`opencode is not set up for this user (no ${configDir}): nothing to install`);
    const status = opencodePluginStatus(opencodeDeps(ctx));
    const last = status.lastEventAt === null ? 'no event received yet' : `last event ${new Date(status.lastEventAt).toISOString()}`;
    if (status.problem) return advice(`${status.pluginPath}: ${status.problem}`, FIX);
    switch (status.state) {
      case 'installed':
        return ok(`installed at ${status.pluginPath}; ${last}`);
      case 'outdated':
        return advice(`outdated at ${status.pluginPath} (an older copy, or for another data directory)`, FIX);
      case 'missing':
        return advice('not installed (optional: opencode then reports a permission the moment it asks)', FIX);
      case 'foreign':
        return advice(`${status.pluginPath} is not Trail Boss's plugin: move it away to install ours`, FIX);
      default:
        return assertNever(status.state);
    }
  },
};
