/**
 * The packaged app, assembled as electron-builder.yml describes it (files, asarUnpack, an asar
 * archive), then used the way the installed app uses it: every path the shell loads is resolved
 * inside the archive, and the hook commands `hooks install` writes from the packaged app are run
 * as Claude Code would run them, with Node standing in for the app's executable (it ignores
 * ELECTRON_RUN_AS_NODE, which makes Electron act as exactly this Node). A file the app needs and
 * the archive lacks fails here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../../main/engine/api/hooks-service.ts';
import { writeEndpointFile } from '../../main/engine/http/endpoint-file.ts';
import { installHooks } from '../../main/engine/hooks/install.ts';
import { runtimeFiles, type RuntimeLayout } from '../../main/engine/hooks/runtime-layout.ts';
import { systemClock } from '../../main/engine/platform/clock.ts';
import { bundlePaths } from '../../main/shell/app/bundle-paths.ts';
import { buildCli } from '../../scripts/build-cli.mjs';
import { buildShell } from '../../scripts/build-shell.mjs';
import { assembleApp, productionPackages, type AssembledApp } from './assemble-app.ts';
import { builderConfig, packageJson, ROOT } from './builder-config.ts';

const PINNED_NODE = path.join(ROOT, 'node_modules', 'node', 'bin', 'node');

let out: string;
let app: AssembledApp;
let inArchive: Set<string>;
let layout: RuntimeLayout;

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'tb-packaged-'));
  const dist = path.join(out, 'dist');
  await buildShell({ outDir: dist });
  await buildCli({ outDir: path.join(dist, 'cli') });
  const vite = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--logLevel', 'error', '--outDir', path.join(dist, 'renderer'), '--emptyOutDir'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (vite.status !== 0) throw new Error(`vite build failed:\n${vite.stdout}\n${vite.stderr}`);
  app = await assembleApp(path.join(out, 'Trail Boss'), dist);
  // `listPackage` answers absolute-looking paths ("/dist/..."): make them archive-relative.
  inArchive = new Set(listPackage(app.asar, { isPack: false }).map((p) => p.replace(/\\/g, '/').replace(/^\//, '')));
  // The app's executable: Node standing in for Electron, at the place Electron would be.
  const exe = path.join(out, 'Trail Boss', builderConfig().linux.executableName);
  symlinkSync(PINNED_NODE, exe);
  layout = { kind: 'packaged', execPath: exe, resourcesPath: app.resources };
}, 240_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** True when the archive holds `rel` (packed or unpacked: both are listed). */
const has = (rel: string): boolean => inArchive.has(rel.split(path.sep).join('/'));

describe('the packaged app’s archive', () => {
  it('holds the entry package.json names, and the renderer and preload where the shell looks for them', () => {
    const pkg = JSON.parse(extractFile(app.asar, 'package.json').toString('utf8')) as { main: string };
    expect(pkg.main).toBe(packageJson().main);
    expect(has(pkg.main)).toBe(true);
    const mainDir = path.posix.dirname(pkg.main);
    const { rendererDir, preload } = bundlePaths(mainDir);
    expect(has(preload)).toBe(true);
    expect(JSON.parse(extractFile(app.asar, path.join(path.dirname(preload), 'package.json')).toString('utf8'))).toEqual({
      type: 'commonjs',
    });
    const index = path.join(rendererDir, 'index.html');
    expect(has(index)).toBe(true);
    // Every asset the page loads, relative to it.
    const html = extractFile(app.asar, index).toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => path.join(rendererDir, m[1] as string));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(has(asset), asset).toBe(true);
  });

  it('holds the production dependencies and nothing the bundles already contain', () => {
    expect(productionPackages()).toEqual(['better-sqlite3', 'node-addon-api']);
    expect(has('node_modules/better-sqlite3/package.json')).toBe(true);
    for (const bundled of ['react', 'zod', 'execa', 'tsx', 'electron'])
      expect(has(`node_modules/${bundled}/package.json`), bundled).toBe(false);
    expect([...inArchive].some((f) => f.endsWith('.map'))).toBe(false);
  });

  it('has the hook forwarder, the bundled CLI and better-sqlite3 outside the archive, where a Node process can run them', () => {
    const files = runtimeFiles(layout);
    expect(existsSync(files.forwarderScript)).toBe(true);
    expect(existsSync(files.cliScript)).toBe(true);
    expect(existsSync(files.launcherScript)).toBe(true);
    expect(existsSync(path.join(app.unpacked, 'node_modules', 'better-sqlite3', 'package.json'))).toBe(true);
    expect(
      existsSync(path.join(app.unpacked, 'node_modules', 'better-sqlite3', 'prebuilds', `${process.platform}-${process.arch}.node`)),
    ).toBe(true);
  });
});

describe('the status segment tmux runs from the packaged app', () => {
  it('the unpacked launcher prints the queue count from the status file, and nothing without one', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'tb-packaged-status-'));
    try {
      const status = () =>
        spawnSync(PINNED_NODE, [runtimeFiles(layout).launcherScript, 'tmux-status'], {
          env: { PATH: '/usr/bin:/bin', TRAILBOSS_HOME: home },
          encoding: 'utf8',
        });
      expect(status()).toMatchObject({ status: 0, stdout: '', stderr: '' });
      writeFileSync(
        path.join(home, 'queue-status.json'),
        JSON.stringify({ version: 1, pid: process.pid, count: 2, oldestSince: Date.now(), stuck: 0 }),
      );
      expect(status()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^⏳2 \d+s\n$/) });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('the unpacked sh segment `tmux install` writes prints the queue count from the status file, and nothing without one', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'tb-packaged-status-'));
    try {
      const status = () =>
        spawnSync('/bin/sh', [runtimeFiles(layout).statusScript, home], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
      expect(status()).toMatchObject({ status: 0, stdout: '', stderr: '' });
      writeFileSync(
        path.join(home, 'queue-status.json'),
        JSON.stringify({ version: 1, pid: process.pid, count: 2, oldestSince: Date.now(), stuck: 0 }) + '\n',
      );
      expect(status()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^⏳2 \d+s\n$/) });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

/** Runs a hook command with sh, as Claude Code does; resolves with its output. */
function runHook(
  command: string,
  opts: { stdin: string; cwd: string; env: Record<string, string> },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.stdin);
  });
}

describe('hooks installed from the packaged app', () => {
  let home: string;
  let server: Server;
  let received: { url: string | undefined; auth: string | undefined; body: string }[];
  let commands: Map<string, string[]>;
  // A minimal PATH: the command must not depend on the caller's PATH (no `node` on it here).
  const env = (): Record<string, string> => ({ HOME: home, PATH: '/usr/bin:/bin' });

  beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), 'tb-packaged-home-'));
    received = [];
    // Stands in for the engine's loopback endpoint: records what the forwarder delivers.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ url: req.url, auth: req.headers.authorization, body });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const tokenFile = path.join(home, 'token');
    writeFileSync(tokenFile, 'tok-123\n', { mode: 0o600 });
    const endpointFile = path.join(home, 'endpoint.json');
    writeEndpointFile(endpointFile, { pid: process.pid, port: (server.address() as AddressInfo).port, tokenFile, startedAt: 1 });
    const deps = depsOf({
      env: { CLAUDE_CONFIG_DIR: path.join(home, '.claude') },
      homedir: home,
      endpointFile,
      clock: systemClock,
      counter: { record: () => {}, snapshot: () => ({}) },
      layout,
    });
    installHooks(deps);
    const settings = JSON.parse(readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8')) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    commands = new Map(
      Object.entries(settings.hooks).map(([event, groups]) => [event, groups.flatMap((g) => g.hooks.map((h) => h.command))]),
    );
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(home, { recursive: true, force: true });
  });

  it('writes commands that run the app’s executable as Node on files outside the archive', () => {
    const forward = commands.get('PermissionRequest')?.[0] ?? '';
    expect(
      forward.startsWith(
        `ELECTRON_RUN_AS_NODE=1 '${layout.kind === 'packaged' ? layout.execPath : ''}' '${app.unpacked}/bin/trailboss-hook.mjs'`,
      ),
    ).toBe(true);
    expect(commands.get('SessionStart')?.some((c) => c.includes(`'${app.unpacked}/dist/cli/trailboss.mjs' prime`))).toBe(true);
  });

  it('the opencode plugin install copies is a real file outside the archive', () => {
    const plugin = runtimeFiles(layout).opencodePlugin;
    expect(plugin).toBe(path.join(app.unpacked, 'bin', 'trailboss-opencode-plugin.js'));
    expect(readFileSync(plugin, 'utf8')).toMatch(/^\/\/ trailboss:opencode-plugin\n/);
  });

  it('the forwarder delivers the event to the engine with the install token', async () => {
    const forward = commands.get('PermissionRequest')?.[0] ?? '';
    const payload = { session_id: 's-1', hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'ls' } };
    const run = await runHook(forward, { stdin: JSON.stringify(payload), cwd: home, env: env() });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: '/hooks/claude', auth: 'Bearer tok-123' });
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ v: 1, event: 'PermissionRequest', payload });
  }, 30_000);

  it('prime prints a restarted session’s briefing once, with no TypeScript loader', async () => {
    const prime = commands.get('SessionStart')?.find((c) => c.includes(' prime ')) ?? '';
    const project = path.join(home, 'project');
    mkdirSync(path.join(project, '.trailboss', 'restart'), { recursive: true });
    const snapshot = path.join(project, '.trailboss', 'restart', 'claude.md');
    writeFileSync(snapshot, '# Snapshot\n\nWe were fixing the flaky login test.\n');
    const first = await runHook(prime, { stdin: '{}', cwd: project, env: env() });
    expect(first.stderr).toBe('');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('We were fixing the flaky login test.');
    expect(existsSync(snapshot)).toBe(false);
    const second = await runHook(prime, { stdin: '{}', cwd: project, env: env() });
    expect(second).toMatchObject({ code: 0, stdout: '' });
  }, 60_000);
});
