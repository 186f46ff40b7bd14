/** Doctor check: the data directory exists (or can be made) and Trail Boss can write in it. */
import { accessSync, constants, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ok, problem, type DoctorCheck } from '../check.ts';

const ELSEWHERE = 'or point TRAILBOSS_HOME at a directory you own';

export const dataDirCheck: DoctorCheck = {
  id: 'data-dir',
  title: 'data directory',
  async run({ paths }) {
    const home = paths.home;
    if (!existsSync(home)) {
      let parent = dirname(home);
      while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
      try {
        accessSync(parent, constants.W_OK | constants.X_OK);
        return ok(`${home} (created on first start)`);
      } catch {
        return problem(
          `${home} does not exist and ${parent} is not writable, so it cannot be created`,
          `mkdir -p '${home}' as a user who may, ${ELSEWHERE}`,
        );
      }
    }
    if (!statSync(home).isDirectory()) return problem(`${home} is not a directory`, `move that file away, ${ELSEWHERE}`);
    const probe = join(home, `.doctor-${process.pid}`);
    try {
      accessSync(home, constants.R_OK | constants.W_OK | constants.X_OK);
      writeFileSync(probe, 'ok');
      rmSync(probe);
    } catch (error) {
      return problem(
        `${home} is not readable and writable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        `chmod u+rwx '${home}' (and check its owner), ${ELSEWHERE}`,
      );
    }
    return ok(`${home} is writable`);
  },
};
