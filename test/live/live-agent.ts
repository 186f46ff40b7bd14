/**
 * One real agent CLI under the real engine: a mock model, a sandbox, the CLI in the engine harness's private
 * tmux, and the helpers scenarios use (wait for an engine state, ask through the engine, keep screens).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AgentDto, AgentStateDto } from '../../preload/contract/agent.ts';
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { poll } from '../support/poll.ts';
import type { InstalledCli, LiveCliId } from './install.ts';
import { installCli, latestVersion, readPins } from './install.ts';
import type { AnsweredTurn, MockModel } from './mock-model/server.ts';
import { startMockModel } from './mock-model/server.ts';
import type { CliSandbox, SandboxOptions } from './sandbox.ts';
import { makeSandbox } from './sandbox.ts';
import type { ScreenBook } from './screens.ts';
import { isLatestRun, screenBook } from './screens.ts';
import { scriptStandardTurns } from './turns.ts';

/** A running CLI and its world. */
export interface LiveAgent {
  readonly cli: InstalledCli;
  readonly h: EngineHarness;
  readonly mock: MockModel;
  readonly sandbox: CliSandbox;
  readonly paneId: string;
  readonly session: string;
  readonly screens: ScreenBook;
  /** The engine's view of this pane (throws until the engine has it). */
  agent(): Promise<AgentDto>;
  /** Wait until the engine says `state` (and `extra` holds), then return the agent. */
  waitState(state: AgentStateDto, what: string, timeoutMs?: number, extra?: (a: AgentDto) => boolean): Promise<AgentDto>;
  /** This pane's open queue items. */
  items(): Promise<QueueItemDto[]>;
  /** Capture the pane once it has stopped changing, and keep it under `name`. */
  settle(name: string): Promise<string>;
  /** Type a prompt through the engine's reply (the agent must be idle), and wait for the mock to get it. */
  ask(text: string): Promise<AnsweredTurn>;
  /** The project file's text ('' when absent). */
  file(name: string): string;
  dispose(): Promise<void>;
}

/**
 * A screen without what moves while a CLI waits: the first two columns (Claude Code blinks the `●` of a
 * pending tool, spinners turn there) and braille spinner frames anywhere (opencode's pending tool line).
 */
export function maskBlinkers(screen: string): string {
  return screen
    .split('\n')
    .map((l) => `  ${l.slice(2)}`.replace(/[\u2800-\u28ff]/g, ' '))
    .join('\n');
}

/** Seconds a CLI may take to draw its first idle screen on a loaded 2-core machine (opencode is the slowest). */
export const START_TIMEOUT_MS = 180_000;

/** The version this run uses for `id`: pinned, or the newest published with --latest. */
export async function resolveCli(id: LiveCliId): Promise<InstalledCli> {
  const pin = readPins()[id];
  return installCli(id, isLatestRun() ? { package: pin.package, version: await latestVersion(pin.package) } : pin);
}

/** How to start a live agent beyond its sandbox. */
export interface LiveAgentOptions extends SandboxOptions {
  readonly session?: string;
  /** Run the engine with its loopback endpoint (hooks and plugins post there). */
  readonly api?: boolean;
  /** Runs after the engine started and before the CLI does (install hooks or a plugin into the sandbox). */
  readonly beforeStart?: (sandbox: CliSandbox, h: EngineHarness) => Promise<void> | void;
}

/** Start `id` under a real engine. */
export async function startLiveAgent(id: LiveCliId, opts: LiveAgentOptions = {}): Promise<LiveAgent> {
  const cli = await resolveCli(id);
  const mock = await startMockModel();
  const sandbox = makeSandbox(cli, mock.url, opts);
  scriptStandardTurns(mock, sandbox);
  const h = await startEngineHarness({ api: opts.api ?? false });
  await opts.beforeStart?.(sandbox, h);
  const session = opts.session ?? `live-${id}`;
  const paneId = await h.tmux.newPane(sandbox.command, { session, cwd: sandbox.project, width: 120, height: 40 });
  const screens = screenBook(id, cli.version);

  const agent = async (): Promise<AgentDto> => {
    const env = await h.engine.api['agents:list']({});
    if (!env.ok) throw new Error(env.error.message);
    const found = env.value.find((a) => a.sessionName === session);
    if (!found)
      throw new Error(
        `the engine does not list session ${session} (agents: ${env.value.map((a) => `${a.sessionName}/${a.runtime}/${a.state}`).join(', ') || 'none'})`,
      );
    return found;
  };
  const capture = async (colours: boolean) => h.tmux.tmux(['capture-pane', '-p', ...(colours ? ['-e'] : []), '-t', paneId]);
  const live: LiveAgent = {
    cli,
    h,
    mock,
    sandbox,
    paneId,
    session,
    screens,
    agent,
    async waitState(state, what, timeoutMs = 60_000, extra = () => true) {
      let last = '';
      try {
        return await poll(
          async () => {
            const a = await agent();
            last = `${a.runtime}/${a.state}`;
            return a.state === state && extra(a) ? a : null;
          },
          what,
          { timeoutMs, intervalMs: 100 },
        );
      } catch (error) {
        throw new Error(`${String(error)} (engine: ${last}); the pane shows:\n${await capture(false)}`, { cause: error });
      }
    },
    async items() {
      const env = await h.engine.api['queue:list']({});
      if (!env.ok) throw new Error(env.error.message);
      return env.value.filter((i) => i.sessionName === session);
    },
    async settle(name) {
      // Steady for three looks about 0.4 s apart: a spinner or a timer changes within that.
      const looks: string[] = [];
      let text = '';
      await poll(
        async () => {
          text = await capture(false);
          looks.push(maskBlinkers(text));
          if (looks.length > 3) looks.shift();
          return looks.length === 3 && looks.every((l) => l === looks[0]);
        },
        `a steady screen for ${name}`,
        { timeoutMs: 30_000, intervalMs: 400 },
      );
      screens.keep(name, text, await capture(true));
      return text;
    },
    async ask(text) {
      const item = await poll(
        async () => (await live.items()).find((i) => i.reason === 'idle' && i.canReply),
        `an idle item to reply to (${text})`,
        { timeoutMs: 60_000, intervalMs: 100 },
      ).catch(async (error: unknown) => {
        const state = await agent().then(
          (x) => x.state,
          (e: unknown) => String(e),
        );
        throw new Error(`${String(error)} (engine: ${state}); the pane shows:\n${await capture(false)}`, { cause: error });
      });
      const before = mock.turns().length;
      // An idle item can come from the agent's turn-end hook a moment before the CLI redraws its input
      // (Codex's Stop runs while it still shows working): the engine then refuses to type, rightly, and
      // the reply is asked again once the pane shows the input (a refusal sends nothing).
      const sent = await poll(
        async () => {
          const r = await h.engine.api['item:reply']({ id: item.id, text });
          const notYet = r.ok && r.value.outcome === 'refused' && /not at its input prompt/.test(r.value.message ?? '');
          return notYet ? null : r;
        },
        `the agent at its input prompt for ${JSON.stringify(text)}`,
        { timeoutMs: 20_000, intervalMs: 250 },
      );
      if (!sent.ok || sent.value.outcome !== 'confirmed') throw new Error(`reply ${JSON.stringify(text)}: ${JSON.stringify(sent)}`);
      return poll(
        () =>
          mock
            .turns()
            .slice(before)
            .find((t) => t.prompt?.includes(text)),
        `the mock to receive ${JSON.stringify(text)}`,
        { timeoutMs: 60_000, intervalMs: 100 },
      ).catch(async (error: unknown) => {
        const seen = mock
          .turns()
          .slice(before)
          .map((t) => t.prompt);
        throw new Error(`${String(error)} (turns since: ${JSON.stringify(seen)}); the pane shows:\n${await capture(false)}`, {
          cause: error,
        });
      });
    },
    file(name) {
      try {
        return readFileSync(`${sandbox.project}/${name}`, 'utf8');
      } catch {
        return '';
      }
    },
    async dispose() {
      const pid = Number((await h.tmux.run(['display-message', '-p', '-t', paneId, '#{pane_pid}'])).stdout.trim());
      await h.dispose();
      await mock.close();
      // The CLI (the pane's process: `exec env -i` keeps its pid) still writes its state files while it exits
      // after tmux hangs up; removing the sandbox before that left half-removed dirs in the temp dir.
      if (pid > 0)
        await poll(() => !existsSync(`/proc/${pid}`), `${id} (pid ${pid}) to exit`, { timeoutMs: 15_000, intervalMs: 50 }).catch(
          () => undefined,
        );
      sandbox.dispose();
    },
  };
  return live;
}
