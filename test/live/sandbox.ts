/**
 * A private world for one real agent CLI: HOME, XDG dirs, TMPDIR (and CODEX_HOME) in a temp dir, a project
 * directory, a directory outside it, the CLI's config pointing at the mock model, and side trips switched off.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InstalledCli, LiveCliId } from './install.ts';

/** Where a CLI runs and how to start it. */
export interface CliSandbox {
  readonly id: LiveCliId;
  readonly root: string;
  readonly home: string;
  /** The CLI's working directory (trusted unless dialogs were asked for). */
  readonly project: string;
  /** A directory outside the project, with `secret.txt` in it (reads of it ask). */
  readonly outside: string;
  /** The CLI's whole environment (TERM, PATH and the isolation variables; nothing else reaches it). */
  readonly env: Readonly<Record<string, string>>;
  /**
   * The shell command line that starts the CLI with exactly `env` (plus the pane's TMUX, TMUX_PANE):
   * `exec env -i …`, so nothing of the machine running the suite leaks in.
   */
  readonly command: string;
  /** The program and its arguments (to build another command line with `isolatedCommand`). */
  readonly argv: readonly string[];
  dispose(): void;
}

/** Options of a sandbox. */
export interface SandboxOptions {
  /** Leave the first-run dialogs in (no onboarding/trust seeds). */
  readonly dialogs?: boolean;
  /** More environment for the CLI (it sees only the sandbox's; see `isolatedCommand`). */
  readonly env?: Readonly<Record<string, string>>;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const API_KEY = 'sk-live-suite-mock-key-0123456789abcdef';

/**
 * `exec env -i` with exactly `env`, then the program. The pane's own TMUX and TMUX_PANE pass through (hooks
 * map a delivery to its pane with them). Without `-i` the pane inherits the machine's environment through
 * the tmux server: a CI runner's `CI=true` makes Ink-based CLIs (auggie) draw their start screen once and
 * never again, with no input box — the suite then waits on a screen that never comes.
 */
export function isolatedCommand(env: Readonly<Record<string, string>>, argv: readonly string[]): string {
  const vars = Object.entries(env).map(([k, v]) => quote(`${k}=${v}`));
  return ['exec', 'env', '-i', 'TMUX="$TMUX"', 'TMUX_PANE="$TMUX_PANE"', ...vars, ...argv.map(quote)].join(' ');
}

function baseEnv(root: string, home: string): Record<string, string> {
  const dirs = {
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TMPDIR: join(root, 'tmp'),
    XDG_RUNTIME_DIR: join(root, 'run'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true, mode: 0o700 });
  return {
    HOME: home,
    ...dirs,
    // The machine's PATH (sh, git, the pinned node); everything else is fixed here.
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    SHELL: '/bin/bash',
    TERM: 'tmux-256color',
    LANG: 'C.UTF-8',
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    HTTP_PROXY: '',
    HTTPS_PROXY: '',
  };
}

function claudeSetup(s: {
  home: string;
  project: string;
  root: string;
  mock: string;
  version: string;
  dialogs: boolean;
}): Record<string, string> {
  if (!s.dialogs) {
    const seed = {
      hasCompletedOnboarding: true,
      lastOnboardingVersion: s.version,
      theme: 'dark',
      customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
      hasSeenAutoDefaultNudge: true,
      projects: { [s.project]: { hasTrustDialogAccepted: true, allowedTools: [] } },
    };
    writeFileSync(join(s.home, '.claude.json'), JSON.stringify(seed, null, 2));
  }
  // Manual mode: without it tool calls go to auto mode's classifier instead of a prompt.
  mkdirSync(join(s.home, '.claude'), { recursive: true });
  writeFileSync(join(s.home, '.claude', 'settings.json'), JSON.stringify({ permissions: { defaultMode: 'default' } }, null, 2));
  mkdirSync(join(s.root, 'claude-tmp'), { recursive: true });
  return {
    ANTHROPIC_BASE_URL: s.mock,
    ANTHROPIC_API_KEY: API_KEY,
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_BUG_COMMAND: '1',
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
    CLAUDE_CODE_TMPDIR: join(s.root, 'claude-tmp'),
  };
}

function codexSetup(s: { home: string; project: string; mock: string; dialogs: boolean }): Record<string, string> {
  const codexHome = join(s.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  const lines = [
    'model = "gpt-5.5"',
    ...(s.dialogs ? [] : ['model_provider = "mock"']),
    'approval_policy = "on-request"',
    'sandbox_mode = "read-only"',
    'check_for_update_on_startup = false',
    '',
    '[model_providers.mock]',
    'name = "Mock"',
    `base_url = "${s.mock}/v1"`,
    'env_key = "MOCK_API_KEY"',
    'wire_api = "responses"',
    ...(s.dialogs ? [] : ['', `[projects.${JSON.stringify(s.project)}]`, 'trust_level = "trusted"']),
    // The model-upgrade notice and the new-model tip count as answered (gpt-5.5 is the model offered apply_patch).
    ...(s.dialogs
      ? []
      : [
          '',
          '[tui]',
          'screen_reader_detection_done = true',
          '',
          '[tui.model_availability_nux]',
          '"gpt-6.1-sol" = 1',
          '',
          '[notice.model_migrations]',
          '"gpt-5.5" = "gpt-6-sol"',
        ]),
    '',
  ];
  writeFileSync(join(codexHome, 'config.toml'), lines.join('\n'));
  return { CODEX_HOME: codexHome, MOCK_API_KEY: API_KEY };
}

function opencodeSetup(s: { home: string; mock: string }): Record<string, string> {
  const dir = join(s.home, '.config', 'opencode');
  mkdirSync(dir, { recursive: true });
  const config = {
    $schema: 'https://opencode.ai/config.json',
    model: 'mock/mock-model',
    autoupdate: false,
    share: 'disabled',
    provider: {
      mock: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Mock',
        options: { baseURL: `${s.mock}/v1`, apiKey: API_KEY },
        models: { 'mock-model': { name: 'Mock Model', tool_call: true, limit: { context: 128000, output: 8192 } } },
      },
    },
    permission: { bash: 'ask', edit: 'ask', webfetch: 'ask', external_directory: 'ask' },
  };
  writeFileSync(join(dir, 'opencode.json'), JSON.stringify(config, null, 2));
  const off = ['AUTOUPDATE', 'MODELS_FETCH', 'LSP_DOWNLOAD', 'SHARE', 'DEFAULT_PLUGINS', 'CLAUDE_CODE', 'EXTERNAL_SKILLS'];
  return Object.fromEntries(off.map((k) => [`OPENCODE_DISABLE_${k}`, '1']));
}

/** Tools auggie asks about (it asks only where a rule says so). */
const AUGGIE_ASK = ['launch-process', 'save-file', 'str-replace-editor', 'remove-files', 'view', 'web-fetch'];

function auggieSetup(s: { home: string; project: string; mock: string; dialogs: boolean }): Record<string, string> {
  const dir = join(s.home, '.augment');
  mkdirSync(dir, { recursive: true });
  const settings = {
    toolPermissions: AUGGIE_ASK.map((toolName) => ({ toolName, permission: { type: 'ask-user' } })),
    // "Never index this workspace": no per-start indexing question, and no indexing work slowing the turns.
    ...(s.dialogs ? {} : { indexingDenyDirs: [s.project] }),
  };
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
  if (!s.dialogs) writeFileSync(join(dir, '.auggie.json'), JSON.stringify({ onboardingVersion: '1.0.0' }, null, 2));
  return {
    AUGMENT_SESSION_AUTH: JSON.stringify({ accessToken: 'mock-token', tenantURL: `${s.mock}/`, scopes: ['email'] }),
    AUGMENT_DISABLE_AUTO_UPDATE: '1',
  };
}

function geminiSetup(s: { home: string; mock: string; dialogs: boolean }): Record<string, string> {
  const dir = join(s.home, '.gemini');
  mkdirSync(dir, { recursive: true });
  const settings = {
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    // The first-run "Do you trust the files in this folder?" stays for dialog runs.
    security: { folderTrust: { enabled: s.dialogs }, auth: { selectedType: 'gemini-api-key' } },
    ui: { hideTips: true },
  };
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
  // API-key mode with the base URL of a gateway: the key goes to the mock and is never checked ("gateway" itself fails 0.61.0's auth check).
  return { GOOGLE_GEMINI_BASE_URL: s.mock, GEMINI_API_KEY: API_KEY, GEMINI_CLI_NO_RELAUNCH: 'true' };
}

function qwenSetup(s: { home: string; mock: string; dialogs: boolean }): Record<string, string> {
  const dir = join(s.home, '.qwen');
  mkdirSync(dir, { recursive: true });
  const settings = {
    // The settings schema version 0.24.4 writes: without it Qwen rewrites the file at start (migration).
    $version: 4,
    general: { disableAutoUpdate: true, disableUpdateNag: true },
    privacy: { usageStatisticsEnabled: false },
    security: { folderTrust: { enabled: s.dialogs }, auth: { selectedType: 'openai' } },
    // 0.24.4 starts in auto mode (an LLM classifier approves tool calls): ask instead.
    tools: { approvalMode: 'default' },
    ui: { hideTips: true },
  };
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
  return { OPENAI_BASE_URL: `${s.mock}/v1`, OPENAI_API_KEY: API_KEY, OPENAI_MODEL: 'mock-model', QWEN_CODE_NO_RELAUNCH: 'true' };
}

/**
 * Copilot CLI's native program unpacks its bundle (about 235 MB) into `$COPILOT_PKG_CACHE_HOME/pkg` on first run:
 * one cache beside the installed package, shared by every sandbox, so only the first start pays it.
 */
function copilotSetup(s: { home: string; project: string; mock: string; dialogs: boolean; pkgCache: string }): Record<string, string> {
  const dir = join(s.home, '.copilot');
  mkdirSync(dir, { recursive: true });
  if (!s.dialogs) writeFileSync(join(dir, 'config.json'), JSON.stringify({ trustedFolders: [s.project] }, null, 2));
  return {
    COPILOT_PROVIDER_BASE_URL: `${s.mock}/v1`,
    COPILOT_PROVIDER_API_KEY: API_KEY,
    COPILOT_MODEL: 'mock-model',
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_HOME: dir,
    COPILOT_PKG_CACHE_HOME: s.pkgCache,
  };
}

/** Make the sandbox for `cli` talking to the mock at `mockUrl`. */
export function makeSandbox(cli: InstalledCli, mockUrl: string, opts: SandboxOptions = {}): CliSandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `tb-live-${cli.id}-`)));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const outside = join(root, 'outside');
  for (const d of [home, project, outside]) mkdirSync(d, { recursive: true });
  writeFileSync(join(project, 'notes.txt'), 'first line\nsecond line\n');
  writeFileSync(join(outside, 'secret.txt'), 'a file outside the project\n');
  const dialogs = opts.dialogs ?? false;
  const env = baseEnv(root, home);
  let extra: Record<string, string>;
  let args: string[] = [];
  switch (cli.id) {
    case 'claude':
      extra = claudeSetup({ home, project, root, mock: mockUrl, version: cli.version, dialogs });
      break;
    case 'codex':
      extra = codexSetup({ home, project, mock: mockUrl, dialogs });
      args = ['--no-daemon'];
      break;
    case 'opencode':
      extra = opencodeSetup({ home, mock: mockUrl });
      break;
    case 'auggie':
      extra = auggieSetup({ home, project, mock: mockUrl, dialogs });
      break;
    case 'gemini':
      extra = geminiSetup({ home, mock: mockUrl, dialogs });
      args = ['-m', 'gemini-2.5-flash'];
      break;
    case 'qwen':
      extra = qwenSetup({ home, mock: mockUrl, dialogs });
      break;
    case 'copilot':
      extra = copilotSetup({ home, project, mock: mockUrl, dialogs, pkgCache: join(cli.dir, 'pkg-cache') });
      break;
  }
  const all = { ...env, ...extra, ...opts.env };
  const argv = [...cli.argv, ...args];
  return {
    id: cli.id,
    root,
    home,
    project,
    outside,
    env: all,
    command: isolatedCommand(all, argv),
    argv,
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
