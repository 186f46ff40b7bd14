/**
 * Kills one daemon incarnation where the plan says: after a delay, right after an agent received a
 * key, or right after a reminder step fired. Failpoints need no killer (the daemon kills itself).
 */
import type { CrashAgent } from './crash-agents.ts';
import type { DaemonProcess } from './daemon-process.ts';
import type { KillPoint } from './run-plan.ts';
import { reminderFiringsFromLog } from './reminder-evidence.ts';

const POLL_MS = 5;

/** An armed killer: `fired()` says whether it sent the SIGKILL; `disarm()` stops it. */
export interface Killer {
  fired(): boolean;
  disarm(): void;
}

/** Arm the killer for `kill` (a failpoint kill needs none: the daemon kills itself). */
export function armKiller(kill: KillPoint, daemon: DaemonProcess, agents: readonly CrashAgent[], note: (line: string) => void): Killer {
  let stopped = false;
  let fired = false;
  void daemon.exited.then(() => (stopped = true));
  const fire = (why: string) => {
    if (stopped) return;
    stopped = true;
    fired = true;
    const pid = daemon.kill9();
    note(`SIGKILL pid ${pid ?? '(already gone)'}: ${why}`);
  };
  switch (kill.kind) {
    case 'failpoint':
      break;
    case 'delay': {
      const timer = setTimeout(() => fire(`${kill.ms} ms after spawn`), Math.max(0, kill.ms - (Date.now() - daemon.spawnedAt)));
      return {
        fired: () => fired,
        disarm() {
          stopped = true;
          clearTimeout(timer);
        },
      };
    }
    case 'after-key':
      void (async () => {
        const before = await Promise.all(agents.map(async (a) => (await a.agent.keys()).length));
        while (!stopped) {
          for (const [i, a] of agents.entries()) {
            const keys = await a.agent.keys();
            const key = keys[before[i] ?? 0];
            if (key) return fire(`${a.name} received ${key.key} (${key.state} → ${key.next ?? key.action})`);
          }
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      })();
      break;
    case 'after-reminder':
      void (async () => {
        while (!stopped) {
          const fired = reminderFiringsFromLog(daemon.output(), 0).find((f) => f.step >= 1);
          if (fired) return fire(`reminder step ${fired.step} of item ${fired.itemId} fired`);
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      })();
      break;
  }
  return {
    fired: () => fired,
    disarm() {
      stopped = true;
    },
  };
}
