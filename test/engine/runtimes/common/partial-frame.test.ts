/**
 * A frame the CLI is still drawing is `unknown` until it settles, never a key (issue 29). A capture taken
 * while a CLI redraws can hold only the top rows of its new frame, the rows below not drawn yet. Every
 * real capture of every runtime (test/fixtures/panes, the peer screens, the fleet's scenario frames) is
 * cut at every row, the rows under the cut blank as the terminal cleared them, and read by the runtime's
 * recogniser. A cut may read `unknown`, `working` (never queued, never keyed) or what the whole frame
 * reads; never an idle input with another draft, never an approve key the whole frame would not give,
 * never a prompt or dialog where the whole frame has none or shows another kind, and (except the gaps
 * counted below) never a prompt or dialog whose options or keys differ from the whole frame's.
 */
import { describe, expect, it } from 'vitest';
import { runtimeById } from '../../../../main/engine/runtimes/catalog.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import type { PaneCapture, RuntimeId, Screen } from '../../../../main/engine/runtimes/types.ts';
import { RUNTIME_IDS } from '../../../../main/engine/runtimes/types.ts';
import { FLEET_RUNTIMES } from '../../../support/scenarios/index.ts';
import { fixture } from '../../../support/scenarios/fixtures.ts';
import type { StateSpec } from '../../../support/scripted-agent/scenario.ts';
import { stripEscapes } from '../../../support/scripted-agent/screen.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';
import { peerScreensOf } from '../peer-screen-notes.ts';

/**
 * Cuts still read as a prompt or dialog with fewer options or another deny key than the whole frame (no
 * approve key among them: the invariants above hold for every runtime). Claude, opencode and kiro read
 * a menu cut above its last rows at low confidence; they need the whole-shape rule Gemini, Qwen, Codex,
 * Copilot and Cursor have (list ending with its no, box closed, footer drawn, or the pane's last row
 * reached). Until then a count may only fall. Cursor's one: an MCP approval cut between its two "no"
 * rows (`Reject & propose changes (p)`, `Skip (esc or n)`), the first then read as the deny. Qwen's one:
 * its question dialog at 30 columns cut above its last rows, read with all its options but without its id.
 */
const OPTION_GAPS: Readonly<Record<RuntimeId, number>> = {
  claude: 134,
  codex: 0,
  opencode: 150,
  cursor: 1,
  kiro: 61,
  auggie: 0,
  gemini: 0,
  qwen: 1,
  copilot: 0,
};

/**
 * Captures whose top rows are a whole earlier screen, not a frame still being drawn: Claude drew its
 * trust dialog, then exited on Esc and printed under it, so the dialog (with or without its hint row)
 * is what the pane showed a moment before.
 */
const EARLIER_SCREEN_ON_TOP = new Set(['panes/claude/startup-trust-folder-after-esc']);

/** One capture to cut: where it comes from, and its rows. */
interface Frame {
  readonly name: string;
  readonly capture: PaneCapture;
}

/** A scenario state as the scripted agent draws it (its `lines` overrides applied). */
function drawnState(state: StateSpec): PaneCapture {
  const f = fixture(state.screen);
  const ansiLines = f.ansi.map((line, row) => state.lines?.[String(row)] ?? line);
  const lines = f.text.map((line, row) => (state.lines?.[String(row)] === undefined ? line : stripEscapes(ansiLines[row] ?? '')));
  return { lines, ansiLines };
}

/** Every real capture of a runtime, and the fleet's scenario frames for it (each drawn once). */
function framesOf(runtime: RuntimeId): Frame[] {
  const frames: Frame[] = captureNames(runtime).map((name) => ({ name: `panes/${runtime}/${name}`, capture: loadCapture(runtime, name) }));
  for (const peer of peerScreensOf(runtime)) frames.push({ name: `peer-screens/${peer.id}`, capture: { lines: peer.lines } });
  const fleet = FLEET_RUNTIMES[runtime];
  const states = { ...fleet.working(100), ...fleet.prompt(1000).states };
  const seen = new Set<string>();
  for (const [name, state] of Object.entries(states)) {
    const capture = drawnState(state);
    const key = capture.lines.join('\n');
    if (seen.has(key)) continue;
    seen.add(key);
    frames.push({ name: `fleet ${runtime} ${name} (${state.screen})`, capture });
  }
  return frames;
}

/** The top `rows` rows of the frame; the rest blank, as a terminal cleared them before the redraw. */
function topRows(capture: PaneCapture, rows: number): PaneCapture {
  const cut = (lines: readonly string[]) => lines.map((line, i) => (i < rows ? line : ''));
  return capture.ansiLines ? { lines: cut(capture.lines), ansiLines: cut(capture.ansiLines) } : { lines: cut(capture.lines) };
}

/** What a read offers the queue: state, draft, options with their keys, approve and deny key. */
function offer(screen: Screen): string {
  const options = (s: { options: readonly { key: string | null; label: string; kind: string }[] }) =>
    JSON.stringify(s.options.map((o) => [o.key, o.label, o.kind]));
  if (screen.kind === 'idle') return `idle ${JSON.stringify(screen.draft)}`;
  if (screen.kind === 'permission') return `permission ${approveKeyFor(screen)} ${denyKeyFor(screen)} ${options(screen)}`;
  if (screen.kind === 'dialog') return `dialog ${screen.dialogId} ${screen.openedByUser === true} ${options(screen)}`;
  return screen.kind;
}

/** One cut read otherwise than the whole frame (not `unknown`, not `working`). */
interface Misread {
  readonly frame: string;
  readonly where: string;
  readonly whole: Screen;
  readonly cut: Screen;
}

/** Every cut of every frame of the runtime that reads neither `unknown`, `working`, nor as the whole frame. */
function misreads(runtime: RuntimeId): Misread[] {
  const recogniser = runtimeById(runtime);
  const found: Misread[] = [];
  for (const frame of framesOf(runtime)) {
    const whole = recogniser.classify(frame.capture);
    for (let rows = 1; rows < frame.capture.lines.length; rows++) {
      const cut = recogniser.classify(topRows(frame.capture, rows));
      if (cut.kind === 'unknown' || cut.kind === 'working' || offer(cut) === offer(whole)) continue;
      found.push({ frame: frame.name, where: `${frame.name} cut under row ${rows}`, whole, cut });
    }
  }
  return found;
}

const describeWhy = (m: Misread) => `${m.where}: whole ${offer(m.whole)}, cut ${offer(m.cut)}`;

describe.each(RUNTIME_IDS.map((id) => [id] as const))('the top rows of a %s frame still being drawn', (runtime) => {
  const found = misreads(runtime);

  it('cuts real captures: every capture of the runtime, at every row', () => {
    expect(framesOf(runtime).length).toBeGreaterThanOrEqual(5);
  });

  it('never read idle unless the whole frame is idle with that same draft', () => {
    expect(found.filter((m) => m.cut.kind === 'idle').map(describeWhy)).toEqual([]);
  });

  it('never give an approve key the whole frame would not give', () => {
    const keyed = found.filter((m) => {
      const key = m.cut.kind === 'permission' ? approveKeyFor(m.cut) : null;
      return key !== null && key !== (m.whole.kind === 'permission' ? approveKeyFor(m.whole) : null);
    });
    expect(keyed.map(describeWhy)).toEqual([]);
  });

  it('never read a prompt or dialog where the whole frame reads something else', () => {
    const other = found.filter(
      (m) => (m.cut.kind === 'permission' || m.cut.kind === 'dialog') && m.cut.kind !== m.whole.kind && !EARLIER_SCREEN_ON_TOP.has(m.frame),
    );
    expect(other.map(describeWhy)).toEqual([]);
  });

  it(`read a prompt or dialog with the whole frame's options and keys (known gaps: ${OPTION_GAPS[runtime]})`, () => {
    const partial = found.filter((m) => m.cut.kind === m.whole.kind && (m.cut.kind === 'permission' || m.cut.kind === 'dialog'));
    if (OPTION_GAPS[runtime] === 0) expect(partial.map(describeWhy)).toEqual([]);
    else expect(partial.length, partial.map(describeWhy).join('\n')).toBeLessThanOrEqual(OPTION_GAPS[runtime]);
  });
});
