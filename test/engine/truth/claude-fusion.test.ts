/**
 * ClaudeFusion, the glue between hook deliveries / status files / transcripts and the state
 * machine: which pane a delivery lands on (or none: context only), and what a reconciliation pass
 * reads. Watched panes, processes and pid identities are given by hand; payloads, status files
 * and transcripts are the recorded ones.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProcessIdentityReader } from '../../../main/engine/claude-signals/pid-guard.ts';
import { ClaudeFusion } from '../../../main/engine/truth/claude-fusion.ts';
import type { HookOrigin } from '../../../main/engine/hooks/hook-envelope.ts';
import type { HookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import { parseHookPayload } from '../../../main/engine/hooks/hook-schemas.ts';
import { hookToSignal } from '../../../main/engine/hooks/hook-signal.ts';
import type { ObservedPane } from '../../../main/engine/observe/observer.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import type { ProcessEntry } from '../../../main/engine/platform/process-table.ts';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { hookExample } from '../hooks/fixture-hooks.ts';
import { findLine, transcriptLines } from '../claude-signals/transcript-fixtures.ts';
import { observedPane } from '../../support/observed-pane.ts';

const SOCKET = '/tmp/tb-fusion/tmux.sock';
const SESSION = '67394c8a-6c70-4514-8995-3cc730f52394';
const TRANSCRIPT_FIXTURE = 'test/fixtures/transcripts/claude/hooks--67394c8a-6c70-4514-8995-3cc730f52394.jsonl';
const STATUS_FIXTURE = 'test/fixtures/transcripts/claude/sessions-pid-json/perm-bash.json';

let dir: string;
let clock: ManualClock;
let logger: MemoryLogger;
let panes: ObservedPane[];
let processes: Map<number, ProcessEntry>;
let identity: ProcessIdentityReader;
let applied: Fact[][];
let fusion: ClaudeFusion;

function observed(paneId: string, pid: number, runtime: RuntimeId = 'claude', socket = SOCKET): ObservedPane {
  return observedPane(`S:${socket}|${paneId}`, paneId, runtime, pid);
}

function deliver(file: string, origin: Partial<HookOrigin>, overrides: Record<string, unknown> = {}): void {
  const parsed = parseHookPayload({ ...hookExample(file), ...overrides });
  if (!parsed.ok) throw new Error(parsed.message);
  const payload = parsed.payload;
  const delivery: HookDelivery = {
    at: clock.now(),
    event: payload.hook_event_name,
    sessionId: payload.session_id,
    origin: { tmuxPane: null, tmuxSocket: null, ppid: null, ...origin },
    payload,
    signal: hookToSignal(payload),
    host: null,
  };
  fusion.deliver(delivery);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-fusion-'));
  clock = new ManualClock(1_800_000_000_000);
  logger = new MemoryLogger();
  panes = [observed('%1', 500), observed('%2', 600, 'codex')];
  processes = new Map();
  identity = () => ({ alive: true, startTicks: '435299', startedAtMs: null });
  applied = [];
  fusion = new ClaudeFusion({
    observer: { snapshot: () => panes },
    clock,
    logger,
    processTable: { snapshot: () => processes },
    identity: (pid) => identity(pid),
    sessionsDir: join(dir, 'sessions'),
    apply: (facts) => applied.push(facts),
  });
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ClaudeFusion.deliver', () => {
  it("applies a hook fact to the Claude pane named by the hook's TMUX_PANE and socket", () => {
    deliver('PermissionRequest.json', { tmuxPane: '%1', tmuxSocket: SOCKET });
    expect(applied).toEqual([
      [
        {
          kind: 'hook',
          pane: `S:${SOCKET}|%1`,
          at: clock.now(),
          sessionId: SESSION,
          signal: { kind: 'permission-request', tool: 'Bash', subject: 'ls -la /tmp' },
        },
      ],
    ]);
  });

  it('keeps a hook from a pane nobody watches as context only: nothing applied, transcript and last words remembered', () => {
    deliver('Stop.json', { tmuxPane: '%9', tmuxSocket: SOCKET }, { session_id: 'elsewhere' });
    expect(applied).toEqual([]);
    expect(fusion.directory.get('elsewhere')).toMatchObject({
      pane: null,
      lastEvent: 'Stop',
      transcriptPath: hookExample('Stop.json')['transcript_path'],
      lastAssistantMessage: 'Done: I listed /tmp with `ls -la /tmp`.',
      ended: false,
    });
    expect(logger.entries.find((e) => e.event === 'claude.hook-unmapped')?.fields).toEqual({ event: 'Stop', session: 'elsewhere' });
  });

  it('does not land on a pane with the same id on another tmux server', () => {
    deliver('PermissionRequest.json', { tmuxPane: '%1', tmuxSocket: '/tmp/other-server' });
    expect(applied).toEqual([]);
  });

  it('does not land on a pane that runs another agent (the pane id belongs to codex)', () => {
    deliver('PermissionRequest.json', { tmuxPane: '%2', tmuxSocket: SOCKET });
    expect(applied).toEqual([]);
  });

  it('without TMUX_PANE, finds the pane by walking up from the hook’s parent process', () => {
    processes = new Map([
      [777, { pid: 777, ppid: 501, comm: 'sh', argv: 'sh -c hook' }],
      [501, { pid: 501, ppid: 500, comm: 'claude', argv: 'claude' }],
      [500, { pid: 500, ppid: 1, comm: 'bash', argv: 'bash' }],
    ]);
    deliver('UserPromptSubmit.json', { ppid: 777 });
    expect(applied.flat()).toMatchObject([
      { kind: 'hook', pane: `S:${SOCKET}|%1`, signal: { kind: 'working', event: 'UserPromptSubmit' } },
    ]);
  });

  it('a session once mapped stays on its pane when a later hook lost its tmux environment', () => {
    deliver('UserPromptSubmit.json', { tmuxPane: '%1', tmuxSocket: SOCKET });
    deliver('Stop.json', {});
    expect(applied.flat().map((f) => f.pane)).toEqual([`S:${SOCKET}|%1`, `S:${SOCKET}|%1`]);
  });

  it('events that carry no state (PostToolBatch) are noted in the directory but apply nothing', () => {
    deliver('PostToolBatch.json', { tmuxPane: '%1', tmuxSocket: SOCKET });
    expect(applied).toEqual([]);
    expect(fusion.directory.get(SESSION)).toMatchObject({ pane: `S:${SOCKET}|%1`, lastEvent: 'PostToolBatch' });
  });
});

describe('ClaudeFusion.reconcile', () => {
  /** A copy of the recorded transcript, cut after its first finished turn. */
  function transcriptEndingAfterFirstTurn(): string {
    const lines = transcriptLines(TRANSCRIPT_FIXTURE);
    const end = findLine(lines, (e) => e['type'] === 'system' && e['subtype'] === 'turn_duration');
    const file = join(dir, 'transcript.jsonl');
    writeFileSync(file, lines.slice(0, end + 1).join(''));
    return file;
  }

  it("reads a mapped session's transcript and applies what it says (a finished turn)", async () => {
    deliver('UserPromptSubmit.json', { tmuxPane: '%1', tmuxSocket: SOCKET }, { transcript_path: transcriptEndingAfterFirstTurn() });
    applied = [];
    clock.advance(5_000);
    await fusion.reconcile();
    expect(applied).toEqual([[{ kind: 'transcript', pane: `S:${SOCKET}|%1`, at: clock.now(), last: 'turn-ended' }]]);
  });

  it('reads no transcript for a session that ended or sits in no watched pane', async () => {
    const transcript_path = transcriptEndingAfterFirstTurn();
    deliver('SessionEnd.json', { tmuxPane: '%1', tmuxSocket: SOCKET }, { transcript_path });
    deliver('Stop.json', { tmuxPane: '%9', tmuxSocket: SOCKET }, { session_id: 'elsewhere', transcript_path });
    applied = [];
    await fusion.reconcile();
    expect(applied).toEqual([]);
  });

  it('turns a current status file into a hint for its pane, and ignores one whose pid was reused', async () => {
    const status = JSON.parse(readFileSync(STATUS_FIXTURE, 'utf8')) as Record<string, unknown>;
    mkdirSync(join(dir, 'sessions'));
    writeFileSync(join(dir, 'sessions', '16501.json'), JSON.stringify({ ...status, tmux: 'work:@0.%1' }));
    await fusion.reconcile();
    expect(applied).toEqual([[{ kind: 'status-hint', pane: `S:${SOCKET}|%1`, at: clock.now(), hint: 'waiting-permission' }]]);

    applied = [];
    identity = () => ({ alive: true, startTicks: '999999', startedAtMs: null });
    await fusion.reconcile();
    expect(applied).toEqual([]);
  });

  it('does nothing while no Claude pane is watched', async () => {
    panes = [observed('%2', 600, 'codex')];
    mkdirSync(join(dir, 'sessions'));
    writeFileSync(join(dir, 'sessions', '16501.json'), readFileSync(STATUS_FIXTURE, 'utf8'));
    await fusion.reconcile();
    expect(applied).toEqual([]);
  });
});
