/** Reduces a validated opencode bus event to the HookSignal the session state machine consumes. */
import type { HookSignal } from '../sessions/facts.ts';
import type { OpencodeEvent } from './opencode-schemas.ts';
import { boundedText } from '../text/bounded-text.ts';
import { MAX_SUBJECT_CHARS } from './tool-subject.ts';

/** What a permission is about: the command for bash, else its patterns (file, URL, directory glob). */
export function opencodeSubject(properties: {
  readonly permission: string;
  readonly patterns?: readonly string[] | undefined;
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
}): string {
  const meta = properties.metadata ?? {};
  const fromMeta = ['command', 'filepath', 'filePath', 'url'].map((k) => meta[k]).find((v) => typeof v === 'string' && v.trim() !== '');
  const subject = typeof fromMeta === 'string' ? fromMeta : (properties.patterns ?? []).join(' ');
  return boundedText(subject, MAX_SUBJECT_CHARS);
}

/**
 * The signal an event carries, or null when it says nothing about state (a session status this
 * version does not know). `permission.asked` claims "blocked" with no keys — the pane decides them;
 * a reply means the tool runs (or, refused, the turn ends and `session.status idle` follows).
 */
export function opencodeToSignal(event: OpencodeEvent): HookSignal | null {
  switch (event.type) {
    case 'permission.asked':
      return { kind: 'permission-request', tool: event.properties.permission, subject: opencodeSubject(event.properties) };
    case 'permission.replied':
      return { kind: 'working', event: 'PermissionReplied' };
    case 'session.status':
      switch (event.properties.status.type) {
        case 'idle':
          return { kind: 'stop', lastAssistantMessage: null };
        case 'busy':
        case 'retry':
          return { kind: 'working', event: 'SessionBusy' };
        default:
          return null;
      }
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled opencode event ${JSON.stringify(unhandled)}`);
    }
  }
}
