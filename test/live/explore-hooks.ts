/**
 * Developer tool: find out where a real CLI reads hook configuration and what its hook payloads look
 * like. Installs recording hooks (each appends its stdin and a few environment variables to a file in
 * the sandbox), runs the CLI against the mock in a private tmux, plays the given steps, prints every
 * screen and payload. `tsx test/live/explore-hooks.ts <codex|claude|opencode> [step ...]`, steps as in
 * explore.ts plus `save:<name>` (with OUT=<dir>: keep the screen as a fixture pair and the payloads).
 * opencode: a recording plugin in <config>/opencode/plugin/ (1.18.33 loads it; it takes 60–100 s to draw
 * its first screen in this sandbox, so start with `wait:100000`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startPrivateTmux } from '../support/tmux-server.ts';
import type { LiveCliId } from './install.ts';
import { installCli, readPins } from './install.ts';
import { startMockModel } from './mock-model/server.ts';
import { isolatedCommand, makeSandbox } from './sandbox.ts';
import { scriptStandardTurns } from './turns.ts';

const CODEX_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'Stop'];

const [id, ...steps] = process.argv.slice(2) as [LiveCliId, ...string[]];
const cli = await installCli(id, readPins()[id]);
const mock = await startMockModel();
const sandbox = makeSandbox(cli, mock.url);
scriptStandardTurns(mock, sandbox);
const record = join(sandbox.root, 'hooks.jsonl');
const recorder = (event: string) =>
  `{ printf '{"event":"${event}","tmux_pane":"%s","tmux":"%s","payload":' "$TMUX_PANE" "$TMUX"; cat; printf '}\\n'; } >> '${record}'`;
if (id === 'codex') {
  // The group shape `trailboss hooks install --runtime codex` writes (with `timeout`).
  const hooks = Object.fromEntries(CODEX_EVENTS.map((e) => [e, [{ hooks: [{ type: 'command', command: recorder(e), timeout: 5 }] }]]));
  writeFileSync(join(sandbox.env.CODEX_HOME ?? '', process.env.HOOKS_FILE ?? 'hooks.json'), JSON.stringify({ hooks }, null, 2));
}
// Claude: `type: "http"` hooks posting to a loopback listener, headers taking allow-listed variables.
const posts: string[] = [];
const listener = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    posts.push(
      JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: body ? (JSON.parse(body) as unknown) : null }),
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((ok) => listener.listen(0, '127.0.0.1', ok));
if (id === 'claude') {
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hooks/claude`;
  const http = (event: string) => [
    {
      hooks: [
        {
          type: 'http',
          url: `${url}?event=${event}`,
          headers: { Authorization: 'Bearer $TB_HOOK_TOKEN', 'X-Tmux-Pane': '$TMUX_PANE', 'X-Tmux': '${TMUX}' },
          allowedEnvVars: ['TB_HOOK_TOKEN', 'TMUX_PANE', 'TMUX'],
        },
      ],
    },
  ];
  const events = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'Notification', 'Stop'];
  const file = join(sandbox.home, '.claude', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...settings, hooks: Object.fromEntries(events.map((e) => [e, http(e)])) }, null, 2));
}
if (id === 'opencode') {
  // A plugin recording every bus event it receives (plugins load from <config>/{plugin,plugins}/*.{js,ts}).
  const dir = join(sandbox.env.XDG_CONFIG_HOME ?? '', 'opencode', 'plugin');
  mkdirSync(dir, { recursive: true });
  const plugin = [
    "import { appendFileSync } from 'node:fs';",
    `export const Recorder = async (ctx) => {`,
    `  appendFileSync(${JSON.stringify(record)}, JSON.stringify({ event: 'plugin-init', keys: Object.keys(ctx), tmux_pane: process.env.TMUX_PANE ?? null, tmux: process.env.TMUX ?? null }) + '\\n');`,
    `  return { event: async ({ event }) => { appendFileSync(${JSON.stringify(record)}, JSON.stringify({ event: event.type, tmux_pane: process.env.TMUX_PANE ?? null, payload: event }) + '\\n'); } };`,
    '};',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'trailboss-recorder.js'), plugin);
}
const env = id === 'claude' ? { ...sandbox.env, TB_HOOK_TOKEN: 'tb-explore-token-0123456789' } : sandbox.env;
const tmux = await startPrivateTmux();
const pane = await tmux.newPane(isolatedCommand(env, sandbox.argv), { cwd: sandbox.project, width: 120, height: 40 });
const shot = async () => console.log(`----- ${new Date().toISOString()}\n${await tmux.tmux(['capture-pane', '-p', '-t', pane])}`);
try {
  for (const step of steps) {
    const [verb, ...args] = step.split(':');
    const arg = args.join(':');
    if (verb === 'wait') await delay(Number(arg));
    else if (verb === 'keys') await tmux.tmux(['send-keys', '-t', pane, ...arg.split(' ')]);
    else if (verb === 'type') {
      // Pasted like the engine's reply (bracketed paste): typed bursts were dropped by Codex's composer.
      await tmux.tmux(['set-buffer', '-b', 'explore', arg]);
      await tmux.tmux(['paste-buffer', '-p', '-d', '-b', 'explore', '-t', pane]);
    } else if (verb === 'shot') await shot();
    else if (verb === 'save' && process.env.OUT) {
      // save:<name> keeps the screen as a fixture pair (plain and colour), as the captures are kept.
      writeFileSync(join(process.env.OUT, `${arg}.txt`), await tmux.tmux(['capture-pane', '-p', '-t', pane]));
      writeFileSync(join(process.env.OUT, `${arg}.ansi`), await tmux.tmux(['capture-pane', '-p', '-e', '-t', pane]));
    }
  }
  if (process.env.OUT && existsSync(record)) writeFileSync(join(process.env.OUT, 'hooks.jsonl'), readFileSync(record, 'utf8'));
  await shot();
  console.log('----- pane', pane);
  console.log('----- hooks');
  console.log(existsSync(record) ? readFileSync(record, 'utf8') : '(no command hook ran)');
  console.log(posts.length ? posts.join('\n') : '(no http hook arrived)');
  if (process.env.OUT && posts.length) writeFileSync(join(process.env.OUT, 'http-hooks.jsonl'), posts.join('\n') + '\n');
  if (id === 'codex') console.log('----- config.toml\n' + readFileSync(join(sandbox.env.CODEX_HOME ?? '', 'config.toml'), 'utf8'));
} finally {
  await tmux.kill();
  await mock.close();
  listener.close();
  sandbox.dispose();
}
