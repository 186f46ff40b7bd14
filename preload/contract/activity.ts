/** DTOs for the activity view: how long each agent waited and on what, and the audit log of every key sent. */
import type { RuntimeIdDto } from './agent.ts';
import type { OutcomeKindDto, WaitReasonDto } from './queue-item.ts';

/** One wait of one agent; `end` null while it still waits. Epoch ms. */
export interface WaitSpanDto {
  readonly start: number;
  readonly end: number | null;
  readonly reason: WaitReasonDto;
}

/** The waits of one agent within the asked window (spans overlapping it, not clipped). */
export interface AgentActivityDto {
  readonly paneKey: string;
  readonly target: string;
  readonly runtime: RuntimeIdDto;
  readonly waits: readonly WaitSpanDto[];
}

/** What `activity:get` answers. */
export interface ActivityDto {
  readonly since: number;
  readonly until: number;
  readonly agents: readonly AgentActivityDto[];
}

/** Where an action came from. */
export type AuditOriginDto =
  'window' | 'browser' | 'tray' | 'notification' | 'hotkey' | 'cli' | 'tui' | 'watchdog' | 'restart' | 'telegram' | 'slack';

/** One thing the app sent into a pane. */
export interface AuditEntryDto {
  readonly id: number;
  readonly at: number;
  readonly paneKey: string;
  readonly target: string;
  /** The configured host the key went to (`trailboss hosts`); null for this machine. */
  readonly host: string | null;
  /** tmux key names sent (`1`, `Escape`), empty when text was typed. */
  readonly keys: readonly string[];
  /** Literal text typed (reply, watchdog nudge); null when keys were sent. */
  readonly text: string | null;
  /** Why, in words ("approve: Yes", "watchdog nudge 2/3"). */
  readonly why: string;
  readonly origin: AuditOriginDto;
  readonly itemId: string | null;
  /** The confirmed outcome, when known. */
  readonly outcome: OutcomeKindDto | null;
}
