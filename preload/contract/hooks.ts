/** DTO for Claude Code hooks integration: is it installed, and is it heard from. */

/** `installed`: every hook event we need is in Claude's settings; `partial`: some are; `absent`: none. */
export type HooksInstallStateDto = 'installed' | 'partial' | 'absent';

/** What `hooks:status` / `hooks:install` / `hooks:uninstall` answer. */
export interface HooksStatusDto {
  readonly state: HooksInstallStateDto;
  /** The Claude settings file the hooks live in (`~/.claude/settings.json`). */
  readonly settingsPath: string;
  /** Hook events present / missing (`PermissionRequest`, `Stop`, …). */
  readonly events: readonly string[];
  readonly missing: readonly string[];
  /** Epoch ms of the last hook received; null when none since start. */
  readonly lastHookAt: number | null;
  /** Something wrong worth showing (settings file unreadable, endpoint down); null when fine. */
  readonly problem: string | null;
}
