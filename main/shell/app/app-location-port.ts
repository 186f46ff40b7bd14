/** The app's location on Electron: macOS's dmg or translocation check, and the offer to move to Applications. */
import { app, dialog } from 'electron';
import type { AppLocationPort } from './shell-ports.ts';
import { moveQuestion, transientAppLocation } from './app-location.ts';

/** The port for this process. */
export function electronAppLocation(platform: NodeJS.Platform): AppLocationPort {
  return {
    transient: () => {
      const location = transientAppLocation({ platform, packaged: app.isPackaged, execPath: process.execPath });
      // isInApplicationsFolder exists on macOS only; transientAppLocation is null elsewhere.
      return location !== null && !app.isInApplicationsFolder() ? location : null;
    },
    async offerMove(location) {
      const question = moveQuestion(location);
      const { response } = await dialog.showMessageBox({
        type: 'question',
        buttons: ['Move to Applications', 'Not now'],
        defaultId: 0,
        cancelId: 1,
        message: question.message,
        detail: question.detail,
      });
      if (response !== 0) return 'declined';
      // Quits and relaunches from /Applications on success; throws with the reason when it cannot move.
      return app.moveToApplicationsFolder() ? 'moved' : 'declined';
    },
  };
}
