/**
 * The live sandbox's command line gives the CLI exactly the sandbox's environment: a variable of the
 * machine running the suite (a CI runner's `CI=true`, which stops Ink-based CLIs from redrawing) never
 * reaches it, while the pane's TMUX and TMUX_PANE do (hooks map deliveries to panes with them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { poll } from '../support/poll.ts';
import type { PrivateTmux } from '../support/tmux-server.ts';
import { startPrivateTmux } from '../support/tmux-server.ts';
import type { InstalledCli } from './install.ts';
import type { CliSandbox } from './sandbox.ts';
import { isolatedCommand, makeSandbox } from './sandbox.ts';

let tmux: PrivateTmux | null = null;
let sandbox: CliSandbox | null = null;
const saved = { CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
afterEach(async () => {
  await tmux?.kill();
  sandbox?.dispose();
  tmux = null;
  sandbox = null;
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** The environment a pane started with `command` sees, as `env` prints it. */
async function paneEnv(command: (out: string) => string, out: string): Promise<Record<string, string>> {
  tmux = await startPrivateTmux();
  await tmux.newPane(command(out));
  const text = await poll(
    (): string | null => (readFileSync(out, 'utf8').includes('DONE=1') ? readFileSync(out, 'utf8') : null),
    'the pane to print its env',
    {
      timeoutMs: 15_000,
      intervalMs: 50,
    },
  );
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe('live sandbox environment', () => {
  it("a CI runner's CI=true reaches neither the CLI nor anything but the sandbox's variables", async () => {
    process.env.CI = 'true';
    process.env.CONTINUOUS_INTEGRATION = '1';
    const cli: InstalledCli = { id: 'codex', package: '@openai/codex', version: '0.0.0', dir: '/nonexistent', argv: ['/bin/true'] };
    sandbox = makeSandbox(cli, 'http://127.0.0.1:9', { env: { EXTRA_FOR_TEST: 'yes' } });
    const out = join(sandbox.root, 'env.txt');
    const seen = await paneEnv(
      (file) => isolatedCommand(sandbox!.env, ['/bin/sh', '-c', `env > '${file}'; echo DONE=1 >> '${file}'`]),
      out,
    );
    expect(seen['CI']).toBeUndefined();
    expect(seen['CONTINUOUS_INTEGRATION']).toBeUndefined();
    expect(seen['TMUX_PANE']).toMatch(/^%\d+$/);
    expect(seen['TMUX']).toContain(',');
    expect(seen['CODEX_HOME']).toBe(join(sandbox.home, '.codex'));
    expect(seen['EXTRA_FOR_TEST']).toBe('yes');
    const allowed = new Set([...Object.keys(sandbox.env), 'TMUX', 'TMUX_PANE', 'DONE', 'PWD', 'SHLVL', '_']);
    expect(Object.keys(seen).filter((k) => !allowed.has(k))).toEqual([]);
  }, 30_000);
});
