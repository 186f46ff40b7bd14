/**
 * Runs the bundled desktop app under plain Node with the `electron` stand-in (support/electron-stub):
 * the real composition root, the real engine and tmux, and every Electron call visible as an event.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { poll } from '../../support/poll.ts';

const REGISTER = fileURLToPath(new URL('./electron-stub/register.mjs', import.meta.url));

/** One recorded Electron call. */
export interface StubEvent {
  readonly ev: string;
  readonly [field: string]: unknown;
}

/** The running app. */
export class StubbedShell {
  readonly events: StubEvent[] = [];
  stderr = '';
  private seq = 0;
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(mainJs: string, args: readonly string[], env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', REGISTER, mainJs, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let buffer = '';
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('@@stub ')) this.events.push(JSON.parse(line.slice(7)) as StubEvent);
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** The first event matching, waiting for it (with the app's stderr in the failure). */
  async waitFor(ev: string, match: (e: StubEvent) => boolean = () => true, timeoutMs = 20_000): Promise<StubEvent> {
    try {
      return await poll(() => this.events.find((e) => e.ev === ev && match(e)), `${ev} event`, { timeoutMs });
    } catch (err) {
      throw new Error(`${(err as Error).message}\napp stderr (last 3000 chars):\n${this.stderr.slice(-3000)}`, { cause: err });
    }
  }

  /** The last event of a kind. */
  last(ev: string): StubEvent | undefined {
    return this.events.filter((e) => e.ev === ev).at(-1);
  }

  /** Sends a command to the stand-in and waits for its result. */
  async command(cmd: Record<string, unknown>): Promise<unknown> {
    const seq = ++this.seq;
    this.child.stdin?.write(`${JSON.stringify({ seq, ...cmd })}\n`);
    const result = await this.waitFor('result', (e) => e.seq === seq);
    if (result.error !== undefined) throw new Error(String(result.error));
    return result.value;
  }

  /** Kills the process if it is still running. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}
