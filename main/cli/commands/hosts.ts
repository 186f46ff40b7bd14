/**
 * `trailboss hosts add <name> <ssh-destination> [--tmux-socket PATH]... [--ssh-config FILE] [--disabled]`,
 * `hosts remove <name>`, `hosts list [--json]`, `hosts test <name>`: the config's hosts. Edits go to
 * config.json atomically; a running engine applies them live (it watches the file). `test` connects
 * the way the engine will, prints the remote tmux version and the agent panes it would watch, and
 * exits 0 when it can watch the host.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, saveConfig } from '../../engine/config/index.ts';
import type { ConfigInput } from '../../engine/config/index.ts';
import type { HostSpec } from '../../engine/hosts/host-spec.ts';
import { hostServers } from '../../engine/hosts/host-spec.ts';
import { sshFailureOf, sshTmuxLauncher } from '../../engine/hosts/ssh-launcher.ts';
import { scanOnce } from '../../engine/observe/one-shot-scan.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { runnerWithEnv } from '../../engine/platform/runner-with-env.ts';
import { RUNTIMES } from '../../engine/runtimes/catalog.ts';
import { ControlModeClient } from '../../engine/tmux/control-client.ts';
import { TMUX_ENV } from '../../engine/tmux/server-args.ts';
import type { TmuxClient } from '../../engine/tmux/types.ts';
import { serverKey, TmuxError } from '../../engine/tmux/types.ts';
import { hostSpecs } from '../../engine/hosts/host-spec.ts';
import { UsageError, parseCommandLine, read } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { withHostAdded, withHostRemoved } from './hosts-config.ts';

/** Entry point. */
export async function hostsCommand(ctx: CliContext): Promise<number> {
  const [sub, ...rest] = ctx.argv;
  switch (sub) {
    case 'add':
      return add(ctx, rest);
    case 'remove':
      return remove(ctx, rest);
    case 'list':
      return list(ctx, rest);
    case 'test':
      return test(ctx, rest);
    default:
      throw new UsageError(sub ? `unknown hosts command '${sub}' (add, remove, list or test)` : 'hosts needs add, remove, list or test');
  }
}

function configFile(ctx: CliContext): string {
  return resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd }).config;
}

/** The file's JSON as written (partial), so a save keeps it short; `{}` when there is none. */
export function rawConfig(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${file}: not a JSON object`);
  return value as Record<string, unknown>;
}

/** Save the edited config (validated); says why on stderr when it cannot. */
export function save(ctx: CliContext, file: string, config: Record<string, unknown>): boolean {
  const saved = saveConfig(file, config as ConfigInput);
  if (saved.ok) return true;
  ctx.stderr(`trailboss: not saved: ${saved.errors.map((e) => `${e.path || file}: ${e.message}`).join('; ')}\n`);
  return false;
}

function add(ctx: CliContext, argv: readonly string[]): number {
  const args = parseCommandLine('hosts add', argv);
  const name = read.arg(args, 0) ?? '';
  const destination = read.arg(args, 1) ?? '';
  const file = configFile(ctx);
  const sockets = read.list(args, 'tmuxSocket');
  const sshConfig = read.string(args, 'sshConfig');
  const edit = withHostAdded(rawConfig(file), {
    name,
    destination,
    ...(sockets.length ? { sockets } : {}),
    ...(sshConfig ? { sshConfig } : {}),
    ...(read.bool(args, 'disabled') ? { enabled: false } : {}),
  });
  if (!edit.ok) {
    ctx.stderr(`trailboss: ${edit.message}\n`);
    return EXIT.refused;
  }
  if (!save(ctx, file, edit.config)) return EXIT.refused;
  ctx.stdout(`Added host ${name} (${destination}). A running engine watches it from now on; check it with: trailboss hosts test ${name}\n`);
  return EXIT.ok;
}

function remove(ctx: CliContext, argv: readonly string[]): number {
  const name = read.arg(parseCommandLine('hosts remove', argv), 0) ?? '';
  const file = configFile(ctx);
  const edit = withHostRemoved(rawConfig(file), name);
  if (!edit.ok) {
    ctx.stderr(`trailboss: ${edit.message}\n`);
    return EXIT.refused;
  }
  if (!save(ctx, file, edit.config)) return EXIT.refused;
  ctx.stdout(`Removed host ${name}.\n`);
  return EXIT.ok;
}

function configuredHosts(ctx: CliContext): HostSpec[] {
  const loaded = loadConfig(configFile(ctx));
  if (!loaded.ok) throw new UsageError(`${configFile(ctx)}: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  return hostSpecs(loaded.config);
}

function list(ctx: CliContext, argv: readonly string[]): number {
  const json = read.bool(parseCommandLine('hosts list', argv), 'json');
  const hosts = configuredHosts(ctx);
  if (json) {
    ctx.stdout(JSON.stringify({ hosts }, null, 2) + '\n');
    return EXIT.ok;
  }
  if (hosts.length === 0) {
    ctx.stdout('No hosts configured. Add one with: trailboss hosts add <name> <ssh-destination>\n');
    return EXIT.ok;
  }
  for (const h of hosts) {
    const where = h.sockets.length ? h.sockets.join(', ') : 'default tmux server';
    ctx.stdout(`${h.name}\t${h.destination}\t${where}${h.sshConfig ? `\t-F ${h.sshConfig}` : ''}${h.enabled ? '' : '\t(disabled)'}\n`);
  }
  return EXIT.ok;
}

/** Connect as the engine would: the remote tmux version, then every server's agent panes. */
async function test(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const name = read.arg(parseCommandLine('hosts test', argv), 0) ?? '';
  const host = configuredHosts(ctx).find((h) => h.name === name);
  if (!host) {
    ctx.stderr(`trailboss: no host "${name}" is configured (see: trailboss hosts list)\n`);
    return EXIT.usage;
  }
  const runner = runnerWithEnv(realRunner, { PATH: ctx.env.PATH, SSH_AUTH_SOCK: ctx.env.SSH_AUTH_SOCK, HOME: ctx.env.HOME });
  // Our own private control sockets: a test never rides on (or disturbs) the engine's connection.
  const dir = mkdtempSync(join(tmpdir(), 'tb-ssh-'));
  const clients: TmuxClient[] = [];
  try {
    const version = await remoteTmuxVersion(host, join(dir, `${host.name}.v`), runner);
    ctx.stdout(`${host.name}: connected with ssh to ${host.destination}; ${version}\n`);
    let n = 0;
    for (const server of hostServers(host)) {
      clients.push(
        new ControlModeClient(server, runner, {
          logger: silentLogger,
          clock: ctx.clock,
          timeoutMs: 15_000,
          launcher: sshTmuxLauncher(host, join(dir, `${host.name}.${++n}`)),
        }),
      );
    }
    let watched = 0;
    for (const client of clients) {
      const panes = await client.listPanes();
      const where = client.server.kind === 'socket' ? client.server.path : 'default server';
      if (panes.length === 0) {
        ctx.stdout(`  ${where}: no tmux server running (watched as soon as one starts)\n`);
        continue;
      }
      const agents = await scanOnce({
        clients: [client],
        runtimes: RUNTIMES,
        clock: ctx.clock,
        logger: silentLogger,
        processTable: { snapshot: () => new Map() },
      });
      watched += agents.length;
      ctx.stdout(
        `  ${where}: ${panes.length} pane${panes.length === 1 ? '' : 's'}, ${agents.length} agent${agents.length === 1 ? '' : 's'}\n`,
      );
      for (const a of agents.sort((x, y) => x.info.target.localeCompare(y.info.target))) {
        ctx.stdout(
          `    ${a.info.paneId}\t${a.info.target}\t${a.runtime}\t${a.screen?.kind ?? 'unknown'}\t${serverKey(client.server)}|${a.info.paneId}\n`,
        );
      }
    }
    ctx.stdout(
      `${host.name}: can be watched (${watched} agent pane${watched === 1 ? '' : 's'} now)${host.enabled ? '' : '; note: the host is disabled in the config'}\n`,
    );
    return EXIT.ok;
  } catch (error) {
    const failure = sshFailureOf(error);
    if (failure)
      ctx.stderr(
        `trailboss: host ${host.name} (${host.destination}): ${failure.message}${failure.detail ? `\n  ssh: ${failure.detail}` : ''}\n`,
      );
    else if (error instanceof TmuxError) ctx.stderr(`trailboss: host ${host.name}: ${error.message}\n`);
    else throw error;
    return EXIT.refused;
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `tmux -V` on the host (needs no server): proves ssh works and tmux is installed there. */
async function remoteTmuxVersion(host: HostSpec, controlPath: string, runner: typeof realRunner): Promise<string> {
  const launcher = sshTmuxLauncher(host, controlPath);
  const { file, args } = launcher.command(['-V'], 'run');
  const r = await runner.run(file, args, { env: TMUX_ENV, timeoutMs: 20_000 }).catch((error: unknown) => {
    throw launcher.transportFailure('-V', { error }) ?? error;
  });
  const failed = launcher.transportFailure('-V', r);
  if (failed) throw failed;
  if (r.exitCode !== 0) throw new TmuxError('failed', '-V', r.stderr.trim() || `exit code ${r.exitCode}`);
  return r.stdout.trim();
}
