/**
 * Developer tool: run one real CLI against the mock in a private tmux and print its screens, to see what
 * a new release draws. `tsx test/live/explore.ts <cli> [--latest] [--dialogs] [step ...]` where a step is
 * `wait:<ms>`, `keys:<tmux key names, space separated>`, `type:<text>`, `shot`, or `save:<path without extension>`
 * (writes a fixture: `.txt`, `.ansi` and `.meta` with the pane's variables).
 */
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startPrivateTmux } from '../support/tmux-server.ts';
import type { LiveCliId } from './install.ts';
import { installCli, latestVersion, readPins } from './install.ts';
import { startMockModel } from './mock-model/server.ts';
import { makeSandbox } from './sandbox.ts';
import { scriptStandardTurns } from './turns.ts';

const [id, ...rest] = process.argv.slice(2) as [LiveCliId, ...string[]];
const pin = readPins()[id];
const latest = rest.includes('--latest');
const cli = await installCli(id, latest ? { package: pin.package, version: await latestVersion(pin.package) } : pin);
const mock = await startMockModel();
const sandbox = makeSandbox(cli, mock.url, { dialogs: rest.includes('--dialogs') });
scriptStandardTurns(mock, sandbox);
const tmux = await startPrivateTmux();
const pane = await tmux.newPane(sandbox.command, { cwd: sandbox.project, width: 120, height: 40 });
const shot = async () => console.log(`----- ${new Date().toISOString()}\n${await tmux.tmux(['capture-pane', '-p', '-t', pane])}`);
/** Write the pane as a fixture: plain capture, colour capture, and the pane variables the notes cite. */
const saveFixture = async (base: string) => {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(`${base}.txt`, await tmux.tmux(['capture-pane', '-p', '-t', pane]));
  writeFileSync(`${base}.ansi`, await tmux.tmux(['capture-pane', '-p', '-e', '-t', pane]));
  const vars = ['pane_title', 'alternate_on', 'cursor_x', 'cursor_y', 'pane_current_command', 'pane_width', 'pane_height', 'history_size'];
  const values = (await tmux.tmux(['display-message', '-p', '-t', pane, vars.map((v) => `#{${v}}`).join('\u001f')])).replace(/\n$/, '');
  const meta = vars.map((v, i) => `${v}=${values.split('\u001f')[i] ?? ''}`);
  writeFileSync(
    `${base}.meta`,
    `${[...meta, `captured_at=${new Date().toISOString()}`, `cli=${cli.package}@${cli.version}`].join('\n')}\n`,
  );
  console.log(`----- saved ${base}`);
};
try {
  for (const step of rest.filter((s) => !s.startsWith('--'))) {
    const [verb, ...args] = step.split(':');
    const arg = args.join(':');
    if (verb === 'wait') await delay(Number(arg));
    else if (verb === 'keys') await tmux.tmux(['send-keys', '-t', pane, ...arg.split(' ')]);
    else if (verb === 'type') await tmux.tmux(['send-keys', '-t', pane, '-l', arg]);
    else if (verb === 'shot') await shot();
    else if (verb === 'save') await saveFixture(arg);
    else if (verb === 'cat') console.log(`----- ${arg}\n${(await import('node:fs')).readFileSync(join(sandbox.root, arg), 'utf8')}`);
  }
  await shot();
  console.log('----- requests');
  for (const r of mock.requests()) console.log(r.method, r.path, r.turn ? JSON.stringify(r.body).length : '');
  console.log(
    '----- turns',
    JSON.stringify(
      mock.turns().map((t) => ({ p: t.prompt?.slice(-80), s: t.step, st: t.state })),
      null,
      1,
    ),
  );
  console.log('----- results', JSON.stringify(mock.results(), null, 1));
  if (process.env.DUMP) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.DUMP, JSON.stringify(mock.requests(), null, 1));
  }
} finally {
  await tmux.kill();
  await mock.close();
  sandbox.dispose();
}
