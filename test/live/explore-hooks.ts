/**
 * Developer tool: find out where a real CLI reads hook configuration and what its hook payloads look
 * like. Installs recording hooks (each appends its stdin and a few environment variables to a file in
 * the sandbox), runs the CLI against the mock in a private tmux, plays the given steps, prints every
 * screen and payload. `tsx test/live/explore-hooks.ts <codex|claude> [step ...]`, steps as in explore.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startPrivateTmux } from '../support/tmux-server.ts';
import type { LiveCliId } from './install.ts';
import { installCli, readPins } from './install.ts';
import { startMockModel } from './mock-model/server.ts';
import { makeSandbox } from './sandbox.ts';
import { scriptStandardTurns } from './turns.ts';

const CODEX_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'Stop'];

const [id, ...steps] = process.argv.slice(2) as [LiveCliId, ...string[]];
const cli = await installCli(id, readPins()[id]);
const mock = await startMockModel();
const sandbox = makeSandbox(cli, mock.url);
scriptStandardTurns(mock, sandbox);
const record = join(sandbox.root, 'hooks.jsonl');
const recorder = (event: string) => `{ printf '{"event":"${event}","tmux_pane":"%s","tmux":"%s","payload":' "$TMUX_PANE" "$TMUX"; cat; printf '}\\n'; } >> '${record}'`;
if (id === 'codex') {
  const hooks = Object.fromEntries(CODEX_EVENTS.map((e) => [e, [{ hooks: [{ type: 'command', command: recorder(e) }] }]]));
  writeFileSync(join(sandbox.env.CODEX_HOME ?? '', process.env.HOOKS_FILE ?? 'hooks.json'), JSON.stringify({ hooks }, null, 2));
}
const tmux = await startPrivateTmux();
const pane = await tmux.newPane(sandbox.command, { env: sandbox.env, cwd: sandbox.project, width: 120, height: 40 });
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
    }
    else if (verb === 'shot') await shot();
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
  console.log(existsSync(record) ? readFileSync(record, 'utf8') : '(no hook ran)');
  if (id === 'codex') console.log('----- config.toml\n' + readFileSync(join(sandbox.env.CODEX_HOME ?? '', 'config.toml'), 'utf8'));
} finally {
  await tmux.kill();
  await mock.close();
  sandbox.dispose();
}
