/**
 * The scenario a scripted agent plays: named states, each drawing one captured screen and reacting
 * to keys exactly as the fixture notes say. Plain JSON, so benches and other tools can write one.
 */
import { canonicalKeyName } from './keys.ts';

/** Timed transition: after `ms` in this state, go to `next` (a prompt appearing, work finishing). */
export interface AfterSpec {
  readonly ms: number;
  readonly next: string;
  /**
   * Count `ms` from when this state was last entered instead of from entering the current one: a
   * fixed pace (a prompt every `ms` however long its answer took). Already past: go once the current
   * state is drawn. Never entered yet: count from now.
   */
  readonly from?: string;
  /** Never sooner than this long after entering the current state (default 0): with `from`, a late answer still shows. */
  readonly minMs?: number;
}

/** A line editor for states that sit at an input prompt: typed text shows as a draft, Enter submits it. */
export interface InputSpec {
  /** Fixture row (0-based) of the input line. */
  readonly row: number;
  /** Fixture column (0-based) where the draft starts: the cursor goes after the draft. */
  readonly col: number;
  /**
   * The `.ansi` line drawn on `row` while the draft is not empty: `{draft}` marks where the text
   * goes, `{pad:N}` (optional) is spaces up to N columns for draft + pad (boxes keep their width).
   */
  readonly template: string;
  /** Other rows replaced while the draft is not empty (Claude's footer drops `? for shortcuts`). */
  readonly draftLines?: Readonly<Record<string, string>>;
  /** State entered when Enter submits a non-empty draft. */
  readonly submit: string;
}

/** One state of the agent. */
export interface StateSpec {
  /** Fixture base path relative to the fixtures root, without extension: `panes/claude/perm-bash`. */
  readonly screen: string;
  /** Alternate screen on or off; default: the fixture's `.meta` `alternate_on`, else off. */
  readonly altScreen?: boolean;
  /** Rows (0-based, fixture coordinates) replaced by these `.ansi` lines — synthesized highlights. */
  readonly lines?: Readonly<Record<string, string>>;
  /** Key (tmux name like `Enter`, `Escape`, `Down`, `1`, or raw bytes like `\r`) → next state. */
  readonly keys?: Readonly<Record<string, string>>;
  readonly after?: AfterSpec;
  readonly input?: InputSpec;
  /** The program exits with this code right after drawing the state (Claude's trust dialog exits). */
  readonly exit?: number;
  /** Why the state exists / what it models; ignored by the program. */
  readonly note?: string;
}

/** A whole scenario. */
export interface Scenario {
  readonly name: string;
  /** Which CLI it impersonates (`claude`, `codex`, `opencode`): the process name the pane shows. */
  readonly runtime: string;
  readonly initial: string;
  readonly states: Readonly<Record<string, StateSpec>>;
  /** Absolute directory the `screen` paths are relative to; default the repo's `test/fixtures`. */
  readonly fixturesRoot?: string;
  /** How long a lone ESC waits for the rest of an escape sequence before it counts as Escape. */
  readonly escapeTimeoutMs?: number;
  /** Turn on bracketed paste (`ESC[?2004h`) like the real CLIs do; default true. */
  readonly bracketedPaste?: boolean;
}

/** Default escape disambiguation timeout (ms). Short: tmux writes a whole sequence at once. */
export const DEFAULT_ESCAPE_TIMEOUT_MS = 25;

/** Every problem in a scenario (unknown states, bad keys, bad timers); empty when it is sound. */
export function scenarioProblems(scenario: Scenario): string[] {
  const problems: string[] = [];
  const names = new Set(Object.keys(scenario.states));
  const target = (where: string, next: string): void => {
    if (!names.has(next)) problems.push(`${where}: unknown state "${next}"`);
  };
  target('initial', scenario.initial);
  for (const [name, state] of Object.entries(scenario.states)) {
    if (typeof state.screen !== 'string' || state.screen === '') problems.push(`${name}: no screen`);
    const seen = new Map<string, string>();
    for (const [key, next] of Object.entries(state.keys ?? {})) {
      target(`${name}.keys[${JSON.stringify(key)}]`, next);
      const canonical = canonicalKeyName(key);
      if (canonical === null) problems.push(`${name}.keys: ${JSON.stringify(key)} is not one key`);
      else if (seen.has(canonical))
        problems.push(`${name}.keys: ${JSON.stringify(key)} and ${JSON.stringify(seen.get(canonical))} are the same key`);
      else seen.set(canonical, key);
    }
    if (state.after) {
      target(`${name}.after`, state.after.next);
      if (!(state.after.ms >= 0)) problems.push(`${name}.after.ms must be >= 0`);
      if (state.after.from !== undefined) target(`${name}.after.from`, state.after.from);
      if (state.after.minMs !== undefined && !(state.after.minMs >= 0)) problems.push(`${name}.after.minMs must be >= 0`);
    }
    if (state.input) {
      target(`${name}.input.submit`, state.input.submit);
      if (!state.input.template.includes('{draft}')) problems.push(`${name}.input.template has no {draft}`);
    }
  }
  return problems;
}

/** Throw one error listing every problem, or return the scenario unchanged. */
export function assertScenario(scenario: Scenario): Scenario {
  const problems = scenarioProblems(scenario);
  if (problems.length > 0) throw new Error(`scenario "${scenario.name}": ${problems.join('; ')}`);
  return scenario;
}

const keyMaps = new WeakMap<StateSpec, Map<string, string>>();

/** The key map of a state with every key in its canonical (tmux) name. */
export function canonicalKeys(state: StateSpec): Map<string, string> {
  const cached = keyMaps.get(state);
  if (cached) return cached;
  const map = new Map<string, string>();
  keyMaps.set(state, map);
  for (const [key, next] of Object.entries(state.keys ?? {})) {
    const canonical = canonicalKeyName(key);
    if (canonical !== null) map.set(canonical, next);
  }
  return map;
}
