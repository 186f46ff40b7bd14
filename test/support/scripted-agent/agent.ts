/**
 * The scripted agent program: impersonates an agent CLI in a tmux pane by drawing captured screens
 * and reacting to keys as a scenario says, recording everything it receives.
 *
 * Usage: node agent.ts <scenario.json> [record.jsonl]   (or TB_AGENT_RECORD=<path>)
 * Runs on Node's own type stripping (no tsx) so it starts in ~0.1 s: erasable TypeScript only.
 */
import { readFileSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import type { Key } from './keys.ts';
import { KeyDecoder } from './keys.ts';
import type { Scenario } from './scenario.ts';
import { DEFAULT_ESCAPE_TIMEOUT_MS, assertScenario } from './scenario.ts';
import type { AgentRecord, StateCause } from './record.ts';
import { appendRecord } from './record.ts';
import type { LoadedState } from './compose.ts';
import { composeScreen, loadState } from './compose.ts';
import { renderLines, visibleOffset } from './screen.ts';
import { react } from './machine.ts';

const now = (): number => performance.timeOrigin + performance.now();

/** One running agent: the current state, its draft, and the timers of that state. */
class Agent {
  readonly #scenario: Scenario;
  readonly #states: ReadonlyMap<string, LoadedState>;
  readonly #recordPath: string | null;
  readonly #decoder = new KeyDecoder();
  readonly #text = new StringDecoder('utf8');
  #current: LoadedState | null = null;
  #draft = '';
  #seq = 0;
  #alt = false;
  #done = false;
  #afterTimer: NodeJS.Timeout | null = null;
  #escTimer: NodeJS.Timeout | null = null;
  /** When each state was last entered (its `state` record's `t`): what `after.from` counts from. */
  readonly #enteredAt = new Map<string, number>();

  constructor(scenario: Scenario, states: ReadonlyMap<string, LoadedState>, recordPath: string | null) {
    this.#scenario = scenario;
    this.#states = states;
    this.#recordPath = recordPath;
  }

  start(): void {
    // Real CLIs name themselves (Claude Code sets its title to `claude`): what ps and tmux show.
    process.title = this.#scenario.runtime;
    if (process.stdin.isTTY) process.stdin.setRawMode(true);
    process.stdin.on('data', (chunk: Buffer) => this.#onData(chunk));
    process.stdin.on('end', () => this.#finish(0, 'EOF'));
    // The pane may close under us (EIO on the pty): that is an end, not a crash to report.
    process.stdout.on('error', () => this.#finish(null, 'EIO'));
    process.stdin.on('error', () => this.#finish(null, 'EIO'));
    process.stdout.on('resize', () => this.#redraw());
    for (const signal of ['SIGHUP', 'SIGTERM', 'SIGINT'] as const) process.on(signal, () => this.#finish(null, signal));
    if (this.#scenario.bracketedPaste !== false) process.stdout.write('\x1b[?2004h');
    this.#record({ type: 'start', t: now(), pid: process.pid, scenario: this.#scenario.name, rows: this.#rows(), cols: this.#cols() });
    this.#enter(this.#scenario.initial, 'initial', null);
  }

  #rows(): number {
    return process.stdout.rows ?? 40;
  }

  #cols(): number {
    return process.stdout.columns ?? 120;
  }

  #record(record: AgentRecord): void {
    if (this.#recordPath) appendRecord(this.#recordPath, record);
  }

  #enter(name: string, cause: StateCause, from: string | null): void {
    const state = this.#states.get(name);
    if (!state || this.#done) return;
    if (this.#afterTimer) clearTimeout(this.#afterTimer);
    this.#afterTimer = null;
    this.#current = state;
    this.#draft = '';
    if (state.altScreen !== this.#alt) {
      process.stdout.write(state.altScreen ? '\x1b[?1049h' : '\x1b[?1049l');
      this.#alt = state.altScreen;
    }
    this.#draw();
    const t = now();
    this.#enteredAt.set(name, t);
    this.#record({ type: 'state', t, seq: ++this.#seq, state: name, from, cause });
    const { exit, after } = state.spec;
    if (exit !== undefined) this.#finish(exit, null);
    else if (after) {
      const since = after.from === undefined ? t : (this.#enteredAt.get(after.from) ?? t);
      this.#arm(Math.max(since + after.ms, t + (after.minMs ?? 0)), () => this.#enter(after.next, 'after', name));
    }
  }

  /**
   * Run `fn` no earlier than `due` (a `now()` time); at once (next turn of the loop) if that is past.
   * libuv measures timers from the loop's cached time, which may be a few ms old after a draw, so a
   * plain setTimeout can fire early: re-arm for the rest.
   */
  #arm(due: number, fn: () => void): void {
    const tick = (): void => {
      const left = due - now();
      if (left > 0) this.#afterTimer = setTimeout(tick, Math.ceil(left));
      else fn();
    };
    this.#afterTimer = setTimeout(tick, Math.max(0, Math.ceil(due - now())));
  }

  #draw(): void {
    if (!this.#current) return;
    const screen = composeScreen(this.#current, this.#draft);
    const rows = this.#rows();
    const offset = visibleOffset(screen.lines, rows, screen.keepRow);
    // A TTY write is synchronous on Linux: when it returns, tmux has the bytes.
    process.stdout.write(renderLines(screen.lines, rows, offset, screen.cursor));
  }

  #redraw(): void {
    if (!this.#current || this.#done) return;
    this.#draw();
    this.#record({ type: 'redraw', t: now(), state: this.#current.name, rows: this.#rows(), cols: this.#cols() });
  }

  #onData(chunk: Buffer): void {
    if (this.#escTimer) clearTimeout(this.#escTimer);
    this.#escTimer = null;
    for (const key of this.#decoder.feed(this.#text.write(chunk))) this.#onKey(key);
    if (this.#decoder.hasPending) {
      this.#escTimer = setTimeout(() => {
        this.#escTimer = null;
        for (const key of this.#decoder.flush()) this.#onKey(key);
      }, this.#scenario.escapeTimeoutMs ?? DEFAULT_ESCAPE_TIMEOUT_MS);
    }
  }

  #onKey(key: Key): void {
    const state = this.#current;
    if (!state || this.#done) return;
    const reaction = react(state.spec, this.#draft, key);
    const base = {
      type: 'key',
      t: now(),
      state: state.name,
      key: key.name,
      raw: key.raw,
      ...(key.text !== undefined ? { text: key.text } : {}),
    } as const;
    switch (reaction.kind) {
      case 'ignore':
        this.#record({ ...base, action: 'ignore' });
        return;
      case 'edit':
        this.#record({ ...base, action: 'edit', draft: reaction.draft });
        this.#draft = reaction.draft;
        this.#draw();
        return;
      case 'goto':
        this.#record({ ...base, action: 'goto', next: reaction.next });
        this.#enter(reaction.next, 'key', state.name);
        return;
      case 'submit':
        this.#record({ ...base, action: 'submit', next: reaction.next });
        this.#record({ type: 'submit', t: now(), state: state.name, text: reaction.text });
        this.#enter(reaction.next, 'submit', state.name);
        return;
      default: {
        const never: never = reaction;
        throw new Error(`unknown reaction ${JSON.stringify(never)}`);
      }
    }
  }

  #finish(code: number | null, signal: string | null): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#afterTimer) clearTimeout(this.#afterTimer);
    if (this.#escTimer) clearTimeout(this.#escTimer);
    this.#record({ type: 'exit', t: now(), state: this.#current?.name ?? '', code, signal });
    // Leave the drawn screen as it is (the trust dialog's exit message stays), restore the modes.
    try {
      process.stdout.write('\x1b[?2004l\x1b[?7h');
      if (process.stdin.isTTY) process.stdin.setRawMode(false);
    } catch {
      // The pty is already gone (pane killed): nothing left to restore.
    }
    process.exit(code ?? 0);
  }
}

function main(argv: readonly string[]): void {
  const [scenarioPath, recordArg] = argv;
  if (!scenarioPath) {
    process.stderr.write('usage: node agent.ts <scenario.json> [record.jsonl]\n');
    process.exit(2);
  }
  const scenario = assertScenario(JSON.parse(readFileSync(scenarioPath, 'utf8')) as Scenario);
  const root = scenario.fixturesRoot ?? fileURLToPath(new URL('../../fixtures', import.meta.url));
  const states = new Map(Object.entries(scenario.states).map(([name, spec]) => [name, loadState(root, name, spec)] as const));
  new Agent(scenario, states, recordArg ?? process.env['TB_AGENT_RECORD'] ?? null).start();
}

main(process.argv.slice(2));
