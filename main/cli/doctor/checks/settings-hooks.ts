/**
 * Doctor check shape for an agent whose hooks are merged into a settings file of its own (Codex,
 * Gemini CLI, Qwen Code; optional: advice only). A user without that agent (no settings directory) is
 * told nothing is needed, so the advice only reaches those who run it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hooksStatus } from '../../../engine/hooks/install.ts';
import { installerDeps } from '../../commands/hooks.ts';
import { advice, ok, type DoctorCheck } from '../check.ts';

/** One agent's check. */
export interface SettingsHooksCheck {
  readonly runtime: 'codex' | 'gemini' | 'qwen';
  readonly title: string;
  readonly agentName: string;
  /** The file the hooks go in (its directory's presence says the agent is set up). */
  readonly settingsFile: (where: { readonly env: Readonly<Record<string, string | undefined>>; readonly homedir: string }) => string;
  /** The command that installs them. */
  readonly fix: string;
  /** Why they are worth it, said when they are not installed. */
  readonly absent: string;
}

export function settingsHooksCheck(spec: SettingsHooksCheck): DoctorCheck {
  const FIX = spec.fix;
  return {
    id: `${spec.runtime}-hooks`,
    title: spec.title,
    async run({ ctx }) {
      const file = spec.settingsFile({ env: ctx.env, homedir: ctx.homedir });
      if (!existsSync(path.dirname(file)))
        return ok(`${spec.agentName} is not set up for this user (no ${path.dirname(file)}): nothing to install`);
      const status = hooksStatus(installerDeps(ctx, {}, spec.runtime));
      if (status.problem) return advice(`${status.settingsPath}: ${status.problem}`, `fix that file, then run ${FIX}`);
      switch (status.state) {
        case 'installed':
          return ok(`installed in ${status.settingsPath}`);
        case 'partial':
          return advice(`partly installed or outdated in ${status.settingsPath} (missing: ${status.missing.join(', ')})`, FIX);
        case 'absent':
          return advice(spec.absent, FIX);
      }
    },
  };
}
