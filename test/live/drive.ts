/**
 * Developer tool: keep one real CLI running against the mock in a private tmux, driven by lines appended
 * to a command file, to capture screens by hand. `tsx test/live/drive.ts <cli> <dir> [--dialogs] [--width N]`;
 * then `echo 'type:hi' >> <dir>/cmd` (verbs: type, paste, keys, shot:<name>, wait, resize, mock-down, quit). Prints the mock's requests
 * to <dir>/requests.json on every shot.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startPrivateTmux } from '../support/tmux-server.ts';
import type { LiveCliId } from './install.ts';
import { installCli, readPins } from './install.ts';
import { startMockModel } from './mock-model/server.ts';
import { makeSandbox } from './sandbox.ts';
import { scriptStandardTurns } from './turns.ts';

const [id, dir, ...rest] = process.argv.slice(2) as [LiveCliId, string, ...string[]];
const width = rest.includes('--width') ? Number(rest[rest.indexOf('--width') + 1]) : 120;
mkdirSync(dir, { recursive: true });
const cmdFile = join(dir, 'cmd');
if (!existsSync(cmdFile)) writeFileSync(cmdFile, '');
const cli = await installCli(id, readPins()[id]);
const mock = await startMockModel();
const sandbox = makeSandbox(cli, mock.url, { dialogs: rest.includes('--dialogs') });
scriptStandardTurns(mock, sandbox);
// `--tap Event,Event`: a hook per event appending its stdin to $HOME/tap.jsonl (Gemini CLI / Qwen Code settings).
if (rest.includes('--tap')) {
  const events = (rest[rest.indexOf('--tap') + 1] ?? '').split(',');
  const file = join(sandbox.home, id === 'qwen' ? '.qwen' : '.gemini', 'settings.json');
  const settings = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const command = `sh -c 'cat >> "$HOME/tap.jsonl"; echo >> "$HOME/tap.jsonl"'`;
  settings.hooks = Object.fromEntries(
    events.map((e) => [e, [{ hooks: [{ type: 'command', command, timeout: id === 'gemini' ? 5000 : 5 }] }]]),
  );
  mkdirSync(dirname(file), { recursive: true });
  if (id === 'copilot') {
    // Copilot CLI: `$COPILOT_HOME/hooks/<name>.json`, `{ version: 1, hooks: { <event>: [{ type, bash, timeoutSec }] } }`.
    const hooks = Object.fromEntries(events.map((e) => [e, [{ type: 'command', bash: command, timeoutSec: 5 }]]));
    mkdirSync(join(sandbox.home, '.copilot', 'hooks'), { recursive: true });
    writeFileSync(join(sandbox.home, '.copilot', 'hooks', 'tap.json'), JSON.stringify({ version: 1, hooks }, null, 2));
  } else writeFileSync(file, JSON.stringify(settings, null, 2));
}
const tmux = await startPrivateTmux();
const pane = await tmux.newPane(sandbox.command, { cwd: sandbox.project, width, height: 40 });
writeFileSync(join(dir, 'info'), `${sandbox.root}\n${mock.url}\n`);
const log = (s: string) => appendFileSync(join(dir, 'log'), `${new Date().toISOString()} ${s}\n`);
let done = 0;
try {
  for (;;) {
    const lines = readFileSync(cmdFile, 'utf8').split('\n').filter(Boolean);
    if (lines.length <= done) {
      await delay(200);
      continue;
    }
    const step = lines[done++]!;
    const [verb, ...args] = step.split(':');
    const arg = args.join(':');
    log(step);
    if (verb === 'quit') break;
    if (verb === 'wait') await delay(Number(arg));
    else if (verb === 'keys') await tmux.tmux(['send-keys', '-t', pane, ...arg.split(' ')]);
    else if (verb === 'type') await tmux.tmux(['send-keys', '-t', pane, '-l', arg]);
    // A bracketed paste, as the engine types text.
    else if (verb === 'paste') {
      await tmux.tmux(['set-buffer', '-b', 'drive', arg]);
      await tmux.tmux(['paste-buffer', '-p', '-d', '-b', 'drive', '-t', pane]);
    } else if (verb === 'mock-down') await mock.close();
    else if (verb === 'resize') await tmux.tmux(['resize-window', '-t', pane, '-x', arg, '-y', '40']);
    else if (verb === 'shot') {
      writeFileSync(join(dir, `${arg}.txt`), await tmux.tmux(['capture-pane', '-p', '-t', pane]));
      writeFileSync(join(dir, `${arg}.ansi`), await tmux.tmux(['capture-pane', '-p', '-e', '-t', pane]));
      writeFileSync(join(dir, 'requests.json'), JSON.stringify(mock.requests(), null, 1));
      writeFileSync(
        join(dir, 'results.json'),
        JSON.stringify({ results: mock.results(), calls: mock.calls(), turns: mock.turns() }, null, 1),
      );
    }
    log('done');
  }
} finally {
  await tmux.kill();
  await mock.close();
  if (!existsSync(join(dir, 'keep'))) sandbox.dispose();
}
