/** TmuxClient without a long-lived process: one `tmux source-file -` invocation per call, all captures in one. */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../platform/log.ts';
import type { RunResult, Runner } from '../platform/run.ts';
import { markedScript, splitMarkedOutput } from './batch-script.ts';
import { captureArgs, screenCapture } from './capture-commands.ts';
import { classifyTmuxMessage, tmuxFailure, tmuxProcessFailure } from './errors.ts';
import {
  focusCommands,
  listClientsArgs,
  listPanesArgs,
  pasteCommands,
  sendKeysArgs,
  sendTextArgs,
  userClients,
  userPanes,
} from './operations.ts';
import { commandLine } from './quote.ts';
import { TMUX_BINARY, TMUX_ENV, tmuxGlobalArgs } from './server-args.ts';
import type { CaptureRequest, ClientInfo, PaneInfo, PaneScreenCapture, TmuxClient, TmuxServer } from './types.ts';
import { TmuxError } from './types.ts';

/** Options of the batch client. */
export interface BatchClientOptions {
  readonly logger: Logger;
  readonly timeoutMs?: number;
}

/**
 * The fallback when control mode is unavailable. Commands travel as a script on stdin
 * (`source-file -`) rather than as argv, because on the command line tmux takes any argument ending
 * in `;` as a command separator — literal text like `ls;` would be cut.
 */
export class BatchTmuxClient implements TmuxClient {
  private readonly globalArgs: string[];

  constructor(
    readonly server: TmuxServer,
    private readonly runner: Runner,
    private readonly opts: BatchClientOptions,
  ) {
    this.globalArgs = tmuxGlobalArgs(server);
  }

  async listPanes(): Promise<PaneInfo[]> {
    const r = await this.script('list-panes', [listPanesArgs()]);
    if (r.exitCode !== 0) return this.emptyIfNoServer('list-panes', r);
    return userPanes(r.stdout);
  }

  async listClients(): Promise<ClientInfo[]> {
    const r = await this.script('list-clients', [listClientsArgs()]);
    if (r.exitCode !== 0) return this.emptyIfNoServer('list-clients', r);
    return userClients(r.stdout);
  }

  async capture(requests: readonly CaptureRequest[]): Promise<PaneScreenCapture[]> {
    if (requests.length === 0) return [];
    // One capture per pane: with colour, the plain lines are the `-e` lines without escapes
    // (the server's `-e` formatting is the costly part; capturing twice doubled it).
    const commands = requests.map((r) => captureArgs(r.paneId, r.colour));
    const nonce = `tb${randomBytes(8).toString('hex')}`;
    const r = await this.run('capture-pane', markedScript(commands, nonce));
    const sections = splitMarkedOutput(r.stdout, nonce, commands.length);
    if (r.exitCode !== 0 && sections.every((s) => s === null)) throw tmuxFailure('capture-pane', r.stderr);
    if (r.exitCode !== 0 && classifyTmuxMessage(r.stderr) === 'no-server') throw tmuxFailure('capture-pane', r.stderr);
    const results: PaneScreenCapture[] = [];
    requests.forEach((req, i) => {
      const lines = sections[i];
      // A capture always prints one line per screen row: no output means the pane is gone.
      if (!lines?.length) {
        this.opts.logger.log('debug', 'tmux.capture.missing', { pane: req.paneId });
        return;
      }
      results.push(screenCapture(req.paneId, lines, req.colour));
    });
    return results;
  }

  async sendKeys(paneId: string, keys: readonly string[]): Promise<void> {
    await this.must('send-keys', [sendKeysArgs(paneId, keys)]);
  }

  async sendText(paneId: string, text: string): Promise<void> {
    if (text !== '') await this.must('send-keys', [sendTextArgs(paneId, text)]);
  }

  async pasteText(paneId: string, text: string): Promise<void> {
    const { load, paste, cleanup } = pasteCommands(paneId, text, `trailboss-${randomBytes(6).toString('hex')}`);
    try {
      await this.must('paste-buffer', [load, paste]);
    } catch (err) {
      await this.script('delete-buffer', [cleanup]).catch(() => {});
      throw err;
    }
  }

  async focusPane(paneId: string, clientTty?: string): Promise<void> {
    await this.must('select-pane', focusCommands(paneId, clientTty));
  }

  async command(args: readonly string[]): Promise<string> {
    return (await this.must(args[0] ?? '', [args])).stdout;
  }

  async close(): Promise<void> {}

  private async must(subcommand: string, commands: readonly (readonly string[])[]): Promise<RunResult> {
    const r = await this.script(subcommand, commands);
    if (r.exitCode !== 0) throw tmuxFailure(subcommand, r.stderr || `exit code ${r.exitCode}`);
    return r;
  }

  private script(subcommand: string, commands: readonly (readonly string[])[]): Promise<RunResult> {
    let text: string;
    try {
      text = `${commands.map(commandLine).join('\n')}\n`;
    } catch (err) {
      return Promise.reject(new TmuxError('failed', subcommand, (err as Error).message));
    }
    return this.run(subcommand, text);
  }

  private run(subcommand: string, script: string): Promise<RunResult> {
    const args = [...this.globalArgs, 'source-file', '-'];
    return this.runner
      .run(TMUX_BINARY, args, { input: script, env: TMUX_ENV, timeoutMs: this.opts.timeoutMs ?? 5000 })
      .catch((err: unknown) => {
        throw tmuxProcessFailure(subcommand, err);
      });
  }

  private emptyIfNoServer<T>(subcommand: string, r: RunResult): T[] {
    const err = tmuxFailure(subcommand, r.stderr || `exit code ${r.exitCode}`);
    if (err.kind === 'no-server') return [];
    throw err;
  }
}
