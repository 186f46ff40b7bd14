/**
 * Real screens at every pane size (issue 29): the captures of test/fixtures/panes/<runtime>/sizes/ (the real
 * CLIs at 20–250 columns and in a 1000-row pane, `test/live/capture-sizes.ts`) shown in panes of one private
 * tmux server at the size they were captured, colours included, under the real binary's process name; found by
 * discovery and read by the real observer over a control-mode client, then turned into what
 * `trailboss status --json` reports. State, question, option kinds and the approve and deny keys must be what
 * each capture's note says, and the safety invariant holds on every one: an approve key lands on a single-use
 * row by the independent screen oracle, a deny key on a no.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import { RUNTIME_IDS } from '../../../main/engine/runtimes/types.ts';
import { parsePeerNote } from '../../support/peer-screens.ts';
import type { PeerNote } from '../../support/peer-screens.ts';
import { replayScreens } from '../../support/replay-screens.ts';
import type { Replay } from '../../support/replay-screens.ts';
import { cliWrappedRows } from '../../support/safety/cli-wrapped.ts';
import { landsOnDeny, landsOnSingleUse } from '../../support/safety/screen-oracle.ts';

const PANES = join(import.meta.dirname, '../../fixtures/panes');

/** One size capture and what its note expects. */
interface SizeCapture {
  readonly id: string;
  readonly runtime: RuntimeId;
  readonly txt: string;
  readonly ansi: string;
  readonly width: number;
  readonly height: number;
  readonly note: PeerNote;
  /** `expect-question:` — the question as the engine must report it (wrapped rows joined). */
  readonly question: string | null;
  /** `expect-options:` — `<key>=<kind>` per option in order (`-` for an option chosen by highlight). */
  readonly options: string | null;
}

const toLines = (text: string) => text.replace(/\n$/, '').split('\n');

function metaNumber(meta: string, key: string, where: string): number {
  const m = new RegExp(`^${key}=(\\d+)$`, 'm').exec(meta);
  if (!m?.[1]) throw new Error(`${where}: no ${key}`);
  return Number(m[1]);
}

/** Every capture under <runtime>/sizes/, with its note (a capture without one fails at load, naming it). */
function sizeCaptures(): SizeCapture[] {
  const out: SizeCapture[] = [];
  for (const runtime of readdirSync(PANES)) {
    const dir = join(PANES, runtime, 'sizes');
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    if (!(RUNTIME_IDS as readonly string[]).includes(runtime)) throw new Error(`${dir}: no runtime ${runtime}`);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.txt'))) {
      const base = join(dir, name.slice(0, -'.txt'.length));
      const where = `${runtime}/sizes/${name}`;
      const noteText = readFileSync(`${base}.md`, 'utf8');
      const meta = readFileSync(`${base}.meta`, 'utf8');
      const field = (key: string) => new RegExp(`^expect-${key}: (.*)$`, 'm').exec(noteText)?.[1]?.trim() ?? null;
      out.push({
        id: `${runtime}/${name.slice(0, -'.txt'.length)}`,
        runtime: runtime as RuntimeId,
        txt: `${base}.txt`,
        ansi: `${base}.ansi`,
        width: metaNumber(meta, 'pane_width', where),
        height: metaNumber(meta, 'pane_height', where),
        note: parsePeerNote(noteText, `${base}.md`),
        question: field('question'),
        options: field('options'),
      });
    }
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

const CAPTURES = sizeCaptures();

let replay: Replay | null = null;
const seen = (id: string) => replay?.seen.get(id);

beforeAll(async () => {
  // Each in its own session, so the window can take the capture's size; the colour capture, so a highlight
  // drawn only in colour (opencode's buttons) is on screen as it was.
  replay = await replayScreens(
    CAPTURES,
    (c, index) => ({ file: c.ansi, pane: { session: `size-${index}`, width: c.width, height: c.height } }),
    'size captures',
  );
}, 180_000);

afterAll(async () => {
  await replay?.close();
});

describe('real CLIs at every pane size, read by the observer', () => {
  it('has size captures of every CLI the live suite runs, at 20 to 250 columns and 1000 rows', () => {
    for (const runtime of ['claude', 'codex', 'opencode', 'auggie', 'gemini', 'qwen', 'copilot']) {
      const mine = CAPTURES.filter((c) => c.runtime === runtime);
      expect(
        mine.map((c) => c.width).sort((a, b) => a - b),
        runtime,
      ).toEqual(expect.arrayContaining([20, 30, 40, 60, 80, 120, 250]));
      expect(Math.max(...mine.map((c) => c.height)), runtime).toBe(1000);
    }
  });

  for (const c of CAPTURES) {
    const note = c.note;
    it(`${c.id} (${c.width}x${c.height}): ${note.states.join('|')}, approve ${note.approveKey ?? 'none'}, deny ${note.denyKey ?? 'none'}`, () => {
      const status = seen(c.id);
      expect(status, `${c.id} was not observed as an agent pane`).toBeDefined();
      if (!status) return;
      const prompt = status.prompt;
      const got = {
        runtime: status.runtime,
        state: note.states.includes(status.state as never) ? note.states.join('|') : status.state,
        approveKey: prompt?.approveKey ?? null,
        denyKey: prompt?.denyKey ?? null,
        ...(c.question !== null ? { question: prompt?.question ?? null } : {}),
        ...(c.options !== null ? { options: prompt?.options.map((o) => `${o.key ?? '-'}=${o.kind}`).join(' ') ?? null } : {}),
      };
      expect(got, `${c.id} (note: ${c.id.replace('/', '/sizes/')}.md)`).toEqual({
        runtime: c.runtime,
        state: note.states.join('|'),
        approveKey: note.approveKey,
        denyKey: note.denyKey,
        ...(c.question !== null ? { question: c.question } : {}),
        ...(c.options !== null ? { options: c.options } : {}),
      });

      // The safety invariant, judged by the oracle on the screen itself, not by the parser under test.
      // Labels the CLI wrapped under their number are read whole (cli-wrapped.ts: layout only, no parser).
      const { lines, continued } = cliWrappedRows(toLines(readFileSync(c.txt, 'utf8')));
      const ansiLines = toLines(readFileSync(c.ansi, 'utf8'));
      if (prompt?.approveKey) {
        expect(landsOnSingleUse(prompt.approveKey, lines, ansiLines, continued), `approve ${prompt.approveKey} on ${c.id}`).toBe(true);
        const chosen =
          prompt.approveKey === 'Enter'
            ? prompt.options[prompt.highlighted ?? -1]
            : prompt.options.find((o) => o.key === prompt.approveKey);
        expect(chosen?.kind, `the option approve chooses on ${c.id}`).toBe('once');
      }
      if (prompt?.denyKey) expect(landsOnDeny(prompt.denyKey, lines, ansiLines, continued), `deny ${prompt.denyKey} on ${c.id}`).toBe(true);
    });
  }
});
