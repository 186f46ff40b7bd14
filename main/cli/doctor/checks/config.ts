/** Doctor check: the config file, when there is one, is valid; each error named with where it is. */
import { existsSync } from 'node:fs';
import { loadConfig } from '../../../engine/config/load.ts';
import { ok, problem, type DoctorCheck } from '../check.ts';

export const configCheck: DoctorCheck = {
  id: 'config',
  title: 'config',
  async run({ paths }) {
    const file = paths.config;
    if (!existsSync(file)) return ok(`no ${file}: defaults apply`);
    const loaded = loadConfig(file);
    if (loaded.ok) return ok(`${file} is valid`);
    const errors = loaded.errors.map((e) => `${e.path || '(file)'}: ${e.message}`).join('; ');
    return problem(
      `${file} has ${loaded.errors.length} error${loaded.errors.length === 1 ? '' : 's'}: ${errors}`,
      `edit ${file} to fix ${loaded.errors.length === 1 ? 'it' : 'them'} (or move it away to use the defaults)`,
    );
  },
};
