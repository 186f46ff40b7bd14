/** Doctor check: the queue UI (for `daemon --ui` and the desktop app) is there, or will be built on first use. */
import { uiState } from '../../ui-build.ts';
import { ok, problem, type DoctorCheck } from '../check.ts';

export const uiCheck: DoctorCheck = {
  id: 'ui',
  title: 'queue UI',
  async run({ root }) {
    const ui = uiState(root);
    switch (ui.kind) {
      case 'ready':
        return ok(`built (${ui.dir})`);
      case 'build':
        return ok(`${ui.why}: \`trailboss daemon --ui\` builds it on first use (${ui.dir})`);
      case 'missing':
        return problem(`missing from ${ui.dir}`, 'reinstall Trail Boss (npm install -g trailboss)');
    }
  },
};
