/**
 * Starts a program detached from the app: a terminal opened on a pane must outlive the app and
 * must not hold the app's pipes. Resolves once the OS reports the spawn (or its failure), never
 * waiting for the program to end.
 */
import { spawn } from 'node:child_process';
import type { EnvChanges } from './run.ts';
import type { Launcher } from '../jump/jump-executor.ts';

/** A Launcher whose children get `env` merged over the app's environment (`undefined` removes a variable). */
export function detachedLauncher(env: EnvChanges = {}): Launcher {
  return {
    launch(command) {
      const merged: Record<string, string> = {};
      for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
      return new Promise((resolve) => {
        let child;
        try {
          child = spawn(command.file, [...command.args], { detached: true, stdio: 'ignore', env: merged });
        } catch (err) {
          resolve({ ok: false, problem: err instanceof Error ? err.message : String(err) });
          return;
        }
        child.once('error', (err: NodeJS.ErrnoException) => {
          resolve({ ok: false, problem: err.code === 'ENOENT' ? `${command.file} is not installed` : err.message });
        });
        child.once('spawn', () => {
          child.unref();
          resolve({ ok: true });
        });
      });
    },
  };
}
