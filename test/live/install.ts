/**
 * Installs the agent CLIs the live suite runs into a cache under the project (`.cache/live-clis/<pkg>@<ver>`),
 * never the user's global prefix; an installed version is reused. Versions come from `versions.json`, or
 * the newest published ones (`npm view <pkg> version`) for `--latest`.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The CLIs the live suite knows how to run. */
export type LiveCliId = 'claude' | 'codex' | 'opencode' | 'auggie' | 'gemini' | 'qwen' | 'copilot';
export const LIVE_CLIS: readonly LiveCliId[] = ['claude', 'codex', 'opencode', 'auggie', 'gemini', 'qwen', 'copilot'];

/** One CLI of the manifest. */
export interface CliPin {
  readonly package: string;
  readonly version: string;
}

/** An installed CLI and the program to start it. */
export interface InstalledCli {
  readonly id: LiveCliId;
  readonly package: string;
  readonly version: string;
  readonly dir: string;
  /** argv[0] and the arguments before any the suite adds. */
  readonly argv: readonly string[];
}

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CACHE_ROOT = join(PROJECT_ROOT, '.cache', 'live-clis');
const MANIFEST = join(PROJECT_ROOT, 'test', 'live', 'versions.json');

/** The pinned versions. */
export function readPins(): Record<LiveCliId, CliPin> {
  const parsed = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { clis: Record<LiveCliId, CliPin> };
  for (const id of LIVE_CLIS) {
    const pin = parsed.clis[id];
    if (!pin?.package || !pin.version) throw new Error(`${MANIFEST}: no package/version for ${id}`);
  }
  return parsed.clis;
}

/** The newest published version of a package. */
export async function latestVersion(pkg: string): Promise<string> {
  const { stdout } = await run('npm', ['view', pkg, 'version'], { timeout: 60_000 });
  const version = stdout.trim();
  if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`npm view ${pkg} version: unexpected answer ${JSON.stringify(stdout)}`);
  return version;
}

const ARCH: Readonly<Record<string, string>> = { x64: 'x64', arm64: 'arm64' };
const MUSL_ARCH: Readonly<Record<string, string>> = { x64: 'x86_64', arm64: 'aarch64' };

/** The program inside an install directory: the native binaries directly (their postinstall scripts are not run). */
function argvFor(id: LiveCliId, dir: string): string[] {
  const nm = join(dir, 'node_modules');
  const arch = ARCH[process.arch] ?? process.arch;
  switch (id) {
    case 'claude':
      return [join(nm, '@anthropic-ai', `claude-code-linux-${arch}`, 'claude')];
    case 'codex':
      return [
        join(
          nm,
          '@openai',
          `codex-linux-${arch}`,
          'vendor',
          `${MUSL_ARCH[process.arch] ?? process.arch}-unknown-linux-musl`,
          'bin',
          'codex',
        ),
      ];
    case 'opencode':
      return [join(nm, `opencode-linux-${arch}`, 'bin', 'opencode')];
    case 'auggie':
      // The project's pinned Node runs auggie's one JS bundle.
      return [join(PROJECT_ROOT, 'node_modules', '.bin', 'node'), join(nm, '@augmentcode', 'auggie', 'augment.mjs')];
    // Gemini CLI and Qwen Code are JS bundles (Qwen needs Node >= 22): the project's pinned Node runs them.
    case 'gemini':
      return [join(PROJECT_ROOT, 'node_modules', '.bin', 'node'), join(nm, '@google', 'gemini-cli', 'bundle', 'gemini.js')];
    case 'qwen':
      return [join(PROJECT_ROOT, 'node_modules', '.bin', 'node'), join(nm, '@qwen-code', 'qwen-code', 'cli-entry.js')];
    // Copilot CLI as npm installs it: `node npm-loader.js` starting the native program of the platform package.
    case 'copilot':
      return [join(PROJECT_ROOT, 'node_modules', '.bin', 'node'), join(nm, '@github', 'copilot', 'npm-loader.js')];
  }
}

/**
 * Qwen Code's vendored ripgrep arrives without its execute bit (its postinstall sets it; we run no install
 * scripts): without it every start says "Ripgrep not available … EACCES".
 */
function makeVendoredRipgrepRunnable(dir: string): void {
  const vendor = join(dir, 'node_modules', '@qwen-code', 'qwen-code', 'vendor', 'ripgrep');
  if (!existsSync(vendor)) return;
  for (const platform of readdirSync(vendor)) {
    const rg = join(vendor, platform, 'rg');
    if (existsSync(rg)) chmodSync(rg, 0o755);
  }
}

/** Install `pkg@version` into the cache (skipped when already there) and say how to run it. */
export async function installCli(id: LiveCliId, pin: CliPin, log: (line: string) => void = () => {}): Promise<InstalledCli> {
  const dir = join(CACHE_ROOT, `${pin.package.replace('/', '+')}@${pin.version}`);
  const marker = join(dir, '.installed');
  if (!existsSync(marker)) {
    log(`installing ${pin.package}@${pin.version} into ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    // --ignore-scripts: the native binaries arrive as optional dependencies; no install script is needed.
    await run(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--no-save',
        '--no-package-lock',
        `${pin.package}@${pin.version}`,
      ],
      {
        cwd: dir,
        timeout: 600_000,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    if (id === 'qwen') makeVendoredRipgrepRunnable(dir);
    writeFileSync(marker, `${pin.package}@${pin.version}\n`);
  }
  const argv = argvFor(id, dir);
  for (const file of argv)
    if (!existsSync(file))
      throw new Error(`${pin.package}@${pin.version}: ${file} is missing after install (platform ${process.platform}/${process.arch}?)`);
  return { id, package: pin.package, version: pin.version, dir, argv };
}

/** Install every CLI at the pinned (or, with `latest`, the newest) versions. */
export async function installAll(opts: { latest?: boolean; log?: (line: string) => void } = {}): Promise<Record<LiveCliId, InstalledCli>> {
  const pins = readPins();
  const out = {} as Record<LiveCliId, InstalledCli>;
  for (const id of LIVE_CLIS) {
    const pin = opts.latest ? { package: pins[id].package, version: await latestVersion(pins[id].package) } : pins[id];
    out[id] = await installCli(id, pin, opts.log);
  }
  return out;
}

// `tsx test/live/install.ts [--latest]`: install ahead of the suite (CI does this as its own step).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const latest = process.argv.includes('--latest') || process.env.TB_LIVE_LATEST === '1';
  installAll({ latest, log: (l) => console.log(l) })
    .then((all) => {
      for (const cli of Object.values(all)) console.log(`${cli.id}: ${cli.package}@${cli.version} -> ${cli.argv.join(' ')}`);
    })
    .catch((error: unknown) => {
      console.error(String(error instanceof Error ? error.message : error));
      process.exit(1);
    });
}
