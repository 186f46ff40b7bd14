/**
 * Test helper: run a scripted agent in a pane of a private tmux server and read what it received.
 * `const agent = await startScriptedAgent(tmux, claudePermBash())` → `agent.send('1')`,
 * `await agent.waitForState('approved')`, `expect(await agent.keyNames()).toEqual(['1'])`.
 */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrivateTmux } from '../tmux-server.ts';
import type { Scenario } from './scenario.ts';
import { assertScenario } from './scenario.ts';
import type { AgentRecord, KeyRecord, StateRecord, SubmitRecord } from './record.ts';
import { readRecords } from './record.ts';
import { poll } from '../poll.ts';

/** Absolute path of the agent program. */
export const AGENT_PROGRAM = fileURLToPath(new URL('./agent.ts', import.meta.url));

/**
 * Node's compile cache for the agent's modules (type stripping included): cuts a start from
 * ~0.17 s to ~0.04 s of CPU, which matters when a bench starts 100 agents on 2 cores.
 */
export const AGENT_COMPILE_CACHE = join(tmpdir(), 'tb-scripted-agent-compile-cache');

/** Options for one agent pane. */
export interface StartScriptedAgentOptions {
  /** Pane size for a new session (default 120x40, the fixtures' size). */
  readonly width?: number;
  readonly height?: number;
  /** Put the pane in this session (created when missing). Default: a fresh session. */
  readonly session?: string;
  /** Where to write the record (default: a file in the server's temp dir). */
  readonly recordPath?: string;
  /** The process name the pane shows (`pane_current_command`); default the scenario's runtime. */
  readonly processName?: string;
  /** Keep the pane (dead, screen kept) when the program exits — default — or let tmux close it. */
  readonly afterExit?: 'remain' | 'close';
  readonly env?: Readonly<Record<string, string>>;
  /** How long to wait for the first screen (default 10 s: many agents may start at once). */
  readonly readyTimeoutMs?: number;
}

/** A running scripted agent. */
export interface ScriptedAgent {
  readonly paneId: string;
  readonly recordPath: string;
  readonly scenarioPath: string;
  readonly scenario: Scenario;
  /** Every record so far. */
  records(): Promise<AgentRecord[]>;
  /** Every key received, in order. */
  keys(): Promise<KeyRecord[]>;
  /** The names of the keys received (`['1']`, `['Escape']`). */
  keyNames(): Promise<string[]>;
  /** Every text submitted with Enter at an input prompt. */
  submissions(): Promise<SubmitRecord[]>;
  /** Every state drawn, in order. */
  states(): Promise<StateRecord[]>;
  /** The state on screen now (null before the first draw). */
  currentState(): Promise<string | null>;
  /**
   * Wait until the agent shows `name`: resolves at once when it already does, else on the next
   * entry. With `afterSeq`, only an entry with a higher `seq` counts (for looping scenarios).
   */
  waitForState(name: string, opts?: { timeoutMs?: number; afterSeq?: number }): Promise<StateRecord>;
  /** Wait for a record matching `test`. */
  waitForRecord<R extends AgentRecord>(test: (r: AgentRecord) => r is R, opts?: { timeoutMs?: number; what?: string }): Promise<R>;
  /** `capture-pane -p` (`-e` with colour) of the pane, as lines. */
  capture(opts?: { colour?: boolean }): Promise<string[]>;
  /**
   * Poll the capture until `expected` (lines, trailing spaces ignored; or a test) holds — tmux
   * draws asynchronously, so a state record can come before the pane shows it. Returns the lines.
   */
  waitForScreen(
    expected: readonly string[] | ((lines: string[]) => boolean),
    opts?: { colour?: boolean; timeoutMs?: number },
  ): Promise<string[]>;
  /** `send-keys` with tmux key names, in one call. */
  send(...keys: string[]): Promise<void>;
  /** Whatever the program wrote to stderr (empty when all is well). */
  stderr(): string;
  /** Kill the pane (idempotent). */
  stop(): Promise<void>;
}

/** Equal line by line, trailing spaces ignored (capture-pane -p trims them; fixtures may not). */
export function sameLines(a: readonly string[], b: readonly string[]): boolean {
  const norm = (lines: readonly string[]): string[] => {
    const out = lines.map((l) => l.trimEnd());
    while (out.length > 0 && out.at(-1) === '') out.pop();
    return out;
  };
  const x = norm(a);
  const y = norm(b);
  return x.length === y.length && x.every((line, i) => line === y[i]);
}

/** Single-quote for sh. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The shell command that runs an agent under `processName` (a symlink to this Node binary in
 * `binDir`, so `pane_current_command` and `ps` say `claude`, not `node`). stderr goes to `errPath`
 * so a warning can never scroll the drawn screen. For benches that make their own panes.
 */
export function scriptedAgentCommand(p: {
  scenarioPath: string;
  recordPath: string;
  binDir: string;
  processName: string;
  errPath: string;
}): string {
  const bin = join(p.binDir, p.processName);
  try {
    symlinkSync(process.execPath, bin);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const args = [bin, '--disable-warning=ExperimentalWarning', AGENT_PROGRAM, p.scenarioPath, p.recordPath].map(shellQuote);
  return `export NODE_COMPILE_CACHE=${shellQuote(AGENT_COMPILE_CACHE)}; exec ${args.join(' ')} 2>>${shellQuote(p.errPath)}`;
}

/** Start a scripted agent in a new pane of `tmux`; resolves once its first screen is drawn. */
export async function startScriptedAgent(
  tmux: PrivateTmux,
  scenario: Scenario | string,
  opts: StartScriptedAgentOptions = {},
): Promise<ScriptedAgent> {
  const dir = mkdtempSync(join(tmux.dir, 'agent-'));
  const parsed = assertScenario(typeof scenario === 'string' ? (JSON.parse(readFileSync(scenario, 'utf8')) as Scenario) : scenario);
  const scenarioPath = typeof scenario === 'string' ? scenario : join(dir, 'scenario.json');
  if (typeof scenario !== 'string') writeFileSync(scenarioPath, JSON.stringify(scenario));
  const recordPath = opts.recordPath ?? join(dir, 'record.jsonl');
  const errPath = join(dir, 'stderr.log');
  writeFileSync(errPath, '');
  const command = scriptedAgentCommand({ scenarioPath, recordPath, binDir: dir, processName: opts.processName ?? parsed.runtime, errPath });
  const paneId = await tmux.newPane(command, {
    ...(opts.width !== undefined ? { width: opts.width } : {}),
    ...(opts.height !== undefined ? { height: opts.height } : {}),
    ...(opts.session !== undefined ? { session: opts.session } : {}),
    ...(opts.env !== undefined ? { env: opts.env } : {}),
  });
  if (opts.afterExit !== 'close') await tmux.run(['set-option', '-p', '-t', paneId, 'remain-on-exit', 'on']);

  const stderr = (): string => readFileSync(errPath, 'utf8');
  const all = (): AgentRecord[] => readRecords(recordPath);
  const states = (): StateRecord[] => all().filter((r): r is StateRecord => r.type === 'state');
  const waitForRecord = <R extends AgentRecord>(
    test: (r: AgentRecord) => r is R,
    o: { timeoutMs?: number; what?: string } = {},
  ): Promise<R> =>
    poll(() => all().find(test), `${o.what ?? 'record'} from ${parsed.name} in ${paneId}; stderr: ${stderr()}`, {
      timeoutMs: o.timeoutMs ?? 5000,
      intervalMs: 10,
    });
  await waitForRecord((r): r is StateRecord => r.type === 'state', { timeoutMs: opts.readyTimeoutMs ?? 10_000, what: 'first screen' });
  const capture = async (o: { colour?: boolean } = {}): Promise<string[]> => {
    const out = await tmux.tmux(['capture-pane', '-p', ...(o.colour ? ['-e'] : []), '-t', paneId]);
    const lines = out.split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines;
  };

  return {
    paneId,
    recordPath,
    scenarioPath,
    scenario: parsed,
    records: async () => all(),
    keys: async () => all().filter((r): r is KeyRecord => r.type === 'key'),
    keyNames: async () => all().flatMap((r) => (r.type === 'key' ? [r.key] : [])),
    submissions: async () => all().filter((r): r is SubmitRecord => r.type === 'submit'),
    states: async () => states(),
    currentState: async () => states().at(-1)?.state ?? null,
    async waitForState(name, o = {}) {
      const seen = states();
      const latest = seen.at(-1);
      if (o.afterSeq === undefined && latest?.state === name) return latest;
      const after = o.afterSeq ?? latest?.seq ?? 0;
      return poll(
        () => states().find((r) => r.seq > after && r.state === name),
        `state "${name}" in ${paneId} (seen: ${states()
          .map((r) => r.state)
          .join(' → ')}; stderr: ${stderr()})`,
        { timeoutMs: o.timeoutMs ?? 5000, intervalMs: 10 },
      );
    },
    waitForRecord,
    capture,
    async waitForScreen(expected, o = {}) {
      const test = typeof expected === 'function' ? expected : (lines: string[]) => sameLines(lines, expected);
      let last: string[] = [];
      try {
        return await poll(
          async () => {
            last = await capture(o.colour ? { colour: true } : {});
            return test(last) ? last : null;
          },
          'the expected screen',
          { timeoutMs: o.timeoutMs ?? 5000, intervalMs: 10 },
        );
      } catch {
        const want = typeof expected === 'function' ? '(a test)' : expected.join('\n');
        throw new Error(`screen of ${paneId} never matched.\n--- expected\n${want}\n--- last capture\n${last.join('\n')}`);
      }
    },
    async send(...keys) {
      await tmux.tmux(['send-keys', '-t', paneId, ...keys]);
    },
    stderr,
    async stop() {
      await tmux.run(['kill-pane', '-t', paneId]);
    },
  };
}

/**
 * Start many agents, `concurrency` at a time (default 4): a hundred tmux clients and Node starts
 * at once on a 2-core machine make tmux calls time out. Resolves in the order given.
 */
export async function startScriptedAgents(
  tmux: PrivateTmux,
  items: ReadonlyArray<{ scenario: Scenario | string; opts?: StartScriptedAgentOptions }>,
  concurrency = 4,
): Promise<ScriptedAgent[]> {
  const out: ScriptedAgent[] = new Array<ScriptedAgent>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      const item = items[i];
      if (item) out[i] = await startScriptedAgent(tmux, item.scenario, item.opts);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}
