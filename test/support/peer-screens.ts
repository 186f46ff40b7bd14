/**
 * The peer corpus (test/fixtures/peer-screens): screens other projects captured of the real CLIs, with
 * the runtime each shows, the process name its binary runs under, and the expectation in its note
 * (`screens/<id>.md`, first lines `expect-state:`, `expect-approve-key:`, `expect-deny-key:`).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeId, ScreenKind } from '../../main/engine/runtimes/types.ts';
import { RUNTIME_IDS } from '../../main/engine/runtimes/types.ts';

/** Where the corpus lives. */
export const PEER_SCREENS = join(import.meta.dirname, '../fixtures/peer-screens');

/** The process name each runtime's real binary runs under (README of the corpus). */
export const PROCESS_NAME: Readonly<Record<RuntimeId, string>> = {
  claude: 'claude',
  codex: 'codex',
  opencode: 'opencode',
  cursor: 'cursor-agent',
  kiro: 'kiro-cli',
  auggie: 'auggie',
};

/** What a screen's note says the engine must make of it. */
export interface PeerNote {
  /** Acceptable states (`a|b` in the note). */
  readonly states: readonly ScreenKind[];
  /** The key approve must send, or null for `none`. */
  readonly approveKey: string | null;
  /** The key deny must send, or null for `none`. */
  readonly denyKey: string | null;
}

/** One screen of the corpus. */
export interface PeerScreen {
  readonly id: string;
  readonly runtime: RuntimeId;
  /** Path of the screen text (a 120×40 pane). */
  readonly txt: string;
  /** Its note's expectation; null when the note is missing. */
  readonly note: PeerNote | null;
}

const STATES: readonly ScreenKind[] = ['permission', 'dialog', 'idle', 'working', 'unknown'];

/** Read the three header lines of a note; throws naming the note and the line when one is malformed. */
export function parsePeerNote(text: string, where: string): PeerNote {
  const lines = text.split('\n');
  const field = (index: number, name: string): string => {
    const m = new RegExp(`^${name}:\\s+(\\S+)\\s*$`).exec(lines[index] ?? '');
    if (!m?.[1]) throw new Error(`${where}: line ${index + 1} must be "${name}: <value>", found ${JSON.stringify(lines[index] ?? '')}`);
    return m[1];
  };
  const states = field(0, 'expect-state').split('|');
  for (const s of states) if (!(STATES as readonly string[]).includes(s)) throw new Error(`${where}: unknown state ${JSON.stringify(s)}`);
  const key = (v: string) => (v === 'none' ? null : v);
  return { states: states as ScreenKind[], approveKey: key(field(1, 'expect-approve-key')), denyKey: key(field(2, 'expect-deny-key')) };
}

/**
 * Runtimes the corpus has screens of that this branch does not implement yet, and why. Their screens
 * are listed as skipped with that reason, never silently dropped; once the runtime is in RUNTIME_IDS
 * its screens are replayed like every other (and PROCESS_NAME must name its binary).
 */
export const PENDING_RUNTIMES: Readonly<Record<string, string>> = {
  gemini: 'the gemini runtime is being added on the runtimes branch (h/runtimes); replayed once it is merged',
};

/** A screen of a runtime this branch does not implement yet. */
export interface PendingPeerScreen {
  readonly id: string;
  readonly runtime: string;
  readonly reason: string;
}

function indexRows(): { id: string; runtime: string }[] {
  const rows = readFileSync(join(PEER_SCREENS, 'index.tsv'), 'utf8').trim().split('\n').slice(1);
  return rows.map((row) => {
    const [id = '', runtime = ''] = row.split('\t');
    return { id, runtime };
  });
}

const isKnownRuntime = (runtime: string): boolean => (RUNTIME_IDS as readonly string[]).includes(runtime);

/** Screens of index.tsv whose runtime is pending (PENDING_RUNTIMES) on this branch. */
export function pendingPeerScreens(): PendingPeerScreen[] {
  return indexRows().flatMap(({ id, runtime }) => {
    const reason = isKnownRuntime(runtime) ? undefined : PENDING_RUNTIMES[runtime];
    return reason === undefined ? [] : [{ id, runtime, reason }];
  });
}

/** Every screen listed in index.tsv of a runtime this branch implements, with its note when present. */
export function peerScreens(): PeerScreen[] {
  return indexRows().flatMap(({ id, runtime }) => {
    if (!isKnownRuntime(runtime)) {
      if (PENDING_RUNTIMES[runtime] !== undefined) return [];
      throw new Error(`index.tsv: ${id} has unknown runtime ${runtime}`);
    }
    const notePath = join(PEER_SCREENS, 'screens', `${id}.md`);
    const note = existsSync(notePath) ? parsePeerNote(readFileSync(notePath, 'utf8'), `screens/${id}.md`) : null;
    return [{ id, runtime: runtime as RuntimeId, txt: join(PEER_SCREENS, 'screens', `${id}.txt`), note }];
  });
}

/** Ids of the screen files on disk (`screens/<id>.txt`). */
export function peerScreenFiles(): string[] {
  return readdirSync(join(PEER_SCREENS, 'screens'))
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.slice(0, -'.txt'.length))
    .sort();
}
