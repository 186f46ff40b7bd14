/**
 * Developer tool (issue 29, "every pane size"): start each real CLI against the mock under the real engine,
 * drive it to its shell permission prompt, and capture the pane at widths 20–250 and in a tall pane, plus the
 * idle screen at 20 and 250. Writes `test/fixtures/panes/<cli>/sizes/<name>.{txt,ansi,meta}` and a draft note
 * (`<name>.md`) with what the engine read at capture time, and checks the keys for real at a narrow pane: the
 * engine's approve must run the command once, its deny must keep it from running.
 *
 * `npx tsx test/live/capture-sizes.ts [cli …] [--out <dir>]` (default: every CLI of versions.json, the fixtures
 * folder). A CLI that fails is reported and the others still run. The notes' first three lines are the
 * expectation the size test checks (`expect-state:` …): review each screen before committing them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { AgentDto, AgentPromptDto } from '../../preload/contract/agent.ts';
import { poll } from '../support/poll.ts';
import type { LiveCliId } from './install.ts';
import { LIVE_CLIS, PROJECT_ROOT } from './install.ts';
import type { LiveAgent } from './live-agent.ts';
import { START_TIMEOUT_MS, startLiveAgent } from './live-agent.ts';
import { RAN_FILE, TRIGGERS } from './turns.ts';

/** The widths issue 29 names, and the height of the tall pane (tmux allows far more; the issue asks up to 1000). */
export const SIZE_WIDTHS = [20, 30, 40, 60, 80, 120, 250] as const;
export const IDLE_WIDTHS = [20, 250] as const;
export const TALL_ROWS = 1000;
const ROWS = 40;
/** The narrow width the keys are checked at. */
export const KEY_CHECK_WIDTH = 40;

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const OUT = outIndex >= 0 ? args[outIndex + 1]! : join(PROJECT_ROOT, 'test', 'fixtures', 'panes');
const wanted = args.filter((a, i) => !a.startsWith('--') && (outIndex < 0 || i !== outIndex + 1)) as LiveCliId[];
const ids = wanted.length > 0 ? wanted : [...LIVE_CLIS];

/** What was seen at one size, for the draft note. */
interface Shot {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly what: string;
  readonly read: AgentDto | null;
}

const capture = (a: LiveAgent, colours: boolean) => a.h.tmux.tmux(['capture-pane', '-p', ...(colours ? ['-e'] : []), '-t', a.paneId]);

/** Resize the pane's window (no client is attached, so the window takes exactly this size). */
async function resize(a: LiveAgent, width: number, height: number): Promise<void> {
  await a.h.tmux.tmux(['resize-window', '-t', a.paneId, '-x', String(width), '-y', String(height)]);
  const got = (await a.h.tmux.tmux(['display-message', '-p', '-t', a.paneId, '#{pane_width}x#{pane_height}'])).trim();
  if (got !== `${width}x${height}`) console.log(`  note: asked for ${width}x${height}, tmux gave ${got}`);
}

/** Wait until the screen is the same on three looks 0.5 s apart (spinners and blinkers masked as the live suite does). */
async function steady(a: LiveAgent): Promise<void> {
  const looks: string[] = [];
  await delay(700);
  await poll(
    async () => {
      looks.push((await capture(a, false)).replace(/[\u2800-\u28ff]/g, ' ').replace(/^../gm, '  '));
      if (looks.length > 3) looks.shift();
      return looks.length === 3 && looks.every((l) => l === looks[0]);
    },
    'a steady screen',
    { timeoutMs: 30_000, intervalMs: 500 },
  ).catch(() => console.log('  note: the screen kept changing for 30 s; captured as it was'));
}

/** The engine's reading once it has looked at the current screen twice (its stable-capture rule). */
async function engineRead(a: LiveAgent): Promise<AgentDto | null> {
  await delay(1500);
  return a.agent().catch(() => null);
}

async function save(a: LiveAgent, dir: string, name: string): Promise<void> {
  writeFileSync(join(dir, `${name}.txt`), await capture(a, false));
  writeFileSync(join(dir, `${name}.ansi`), await capture(a, true));
  const vars = ['pane_title', 'alternate_on', 'cursor_x', 'cursor_y', 'pane_current_command', 'pane_width', 'pane_height', 'history_size'];
  const values = (await a.h.tmux.tmux(['display-message', '-p', '-t', a.paneId, vars.map((v) => `#{${v}}`).join('\u001f')])).replace(
    /\n$/,
    '',
  );
  const meta = vars.map((v, i) => `${v}=${values.split('\u001f')[i] ?? ''}`);
  writeFileSync(
    join(dir, `${name}.meta`),
    `${[...meta, `captured_at=${new Date().toISOString()}`, `cli=${a.cli.package}@${a.cli.version}`].join('\n')}\n`,
  );
}

const describePrompt = (p: AgentPromptDto | null | undefined) =>
  p
    ? [
        `question ${JSON.stringify(p.question)}`,
        `options ${p.options.map((o) => `${o.key ?? '(highlight)'}=${JSON.stringify(o.label)}:${o.kind}`).join(', ') || 'none'}`,
        `highlighted ${p.highlighted ?? 'none'}, approve ${p.approveKey ?? 'none'}, deny ${p.denyKey ?? 'none'}`,
      ].join('; ')
    : 'no prompt';

/** Answer the prompt on screen through the engine at the key-check width; return what happened. */
async function keyCheck(a: LiveAgent, decision: 'approve' | 'deny'): Promise<string> {
  const before = a.file(RAN_FILE).split('\n').filter(Boolean).length;
  const item = await poll(async () => (await a.items()).find((i) => i.reason === 'permission' && i.fingerprint), 'the permission item', {
    timeoutMs: 30_000,
    intervalMs: 200,
  }).catch(() => null);
  if (!item) return `${decision}: no permission item was queued at ${KEY_CHECK_WIDTH} columns`;
  const read = await a.agent();
  const key = decision === 'approve' ? read.prompt?.approveKey : read.prompt?.denyKey;
  const answer = await a.h.engine.api[decision === 'approve' ? 'item:approve' : 'item:deny']({
    id: item.id,
    fingerprint: item.fingerprint,
  });
  const outcome = answer.ok ? `${answer.value.outcome}${answer.value.message ? ` (${answer.value.message})` : ''}` : answer.error.message;
  // The command runs (approve) or not (deny); wait for the turn to end either way.
  await poll(() => !a.mock.turns().some((t) => t.state === 'streaming'), 'the model to finish', {
    timeoutMs: 60_000,
    intervalMs: 200,
  }).catch(() => undefined);
  await a.waitState('idle', 'idle after the key check', 90_000).catch(() => undefined);
  await delay(1000);
  const after = a.file(RAN_FILE).split('\n').filter(Boolean).length;
  return `${decision} through the engine at ${KEY_CHECK_WIDTH}x${ROWS}: key ${key ?? 'none'}, outcome ${outcome}; ran.txt lines ${before} -> ${after}`;
}

function note(cli: LiveAgent['cli'], s: Shot, keys: readonly string[]): string {
  const p = s.read?.prompt;
  return [
    `expect-state: ${s.read?.state ?? 'unknown'}`,
    `expect-approve-key: ${p?.approveKey ?? 'none'}`,
    `expect-deny-key: ${p?.denyKey ?? 'none'}`,
    '',
    `# ${cli.id} ${s.name}`,
    '',
    `${cli.package}@${cli.version}, pane ${s.width}x${s.height}, captured by \`npx tsx test/live/capture-sizes.ts ${cli.id}\` against the mock model.`,
    '',
    `**State:** ${s.what}`,
    '',
    `**Engine during the capture run (may lag a resize; a draft, not the expectation):** ${s.read?.state ?? 'not listed'}; ${describePrompt(p)}.`,
    '',
    ...(keys.length > 0 ? ['**Keys checked for real (same run):**', '', ...keys.map((k) => `- ${k}`), ''] : []),
  ].join('\n');
}

async function captureCli(id: LiveCliId): Promise<void> {
  const dir = join(OUT, id, 'sizes');
  mkdirSync(dir, { recursive: true });
  const a = await startLiveAgent(id, { session: `sizes-${id}` });
  const shots: Shot[] = [];
  const shoot = async (name: string, width: number, height: number, what: string) => {
    await resize(a, width, height);
    await steady(a);
    const read = await engineRead(a);
    await save(a, dir, name);
    shots.push({ name, width, height, what, read });
    console.log(`  ${name}: engine ${read?.state ?? '?'}; ${describePrompt(read?.prompt)}`);
  };
  try {
    await a.waitState('idle', `${id} idle after start`, START_TIMEOUT_MS);
    await steady(a);
    for (const w of IDLE_WIDTHS) await shoot(`idle-w${w}`, w, ROWS, 'idle at its input prompt after start, nothing typed');
    await resize(a, 120, ROWS);
    await a.waitState('idle', 'idle again at 120 columns', 60_000);

    await a.ask(`${TRIGGERS.shell} at every size`);
    await a.waitState('permission', 'the shell permission prompt', 90_000);
    const what = 'the shell tool permission prompt for `echo ran >> ran.txt` (nothing answered yet)';
    for (const w of SIZE_WIDTHS) await shoot(`perm-shell-w${w}`, w, ROWS, what);
    await shoot(`perm-shell-tall`, 120, TALL_ROWS, `${what}, in a pane ${TALL_ROWS} rows tall`);

    const writeNotes = (keys: readonly string[]) => {
      for (const s of shots) writeFileSync(join(dir, `${s.name}.md`), note(a.cli, s, s.name.startsWith('perm') ? keys : []));
    };
    writeNotes([]);
    const keys: string[] = [];
    await resize(a, KEY_CHECK_WIDTH, ROWS);
    await steady(a);
    keys.push(await keyCheck(a, 'approve'));
    await resize(a, 120, ROWS);
    await a.waitState('idle', 'idle before the deny check', 60_000);
    await a.ask(`${TRIGGERS.shell} then deny at a narrow pane`);
    await a.waitState('permission', 'the second shell permission prompt', 90_000);
    await resize(a, KEY_CHECK_WIDTH, ROWS);
    await steady(a);
    keys.push(await keyCheck(a, 'deny'));
    for (const k of keys) console.log(`  ${k}`);
    writeNotes(keys);
  } finally {
    await a.dispose();
  }
}

const failed: string[] = [];
for (const id of ids) {
  console.log(`${id}:`);
  const started = Date.now();
  try {
    await captureCli(id);
  } catch (error) {
    failed.push(id);
    console.log(`  FAILED: ${String(error instanceof Error ? error.message : error)}`);
  }
  console.log(`  ${Math.round((Date.now() - started) / 1000)} s`);
}
if (failed.length > 0) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
