/**
 * Claude Code 2.1.332's Bash prompt with the deny field, from the `deny-message-*` captures
 * (test/fixtures/panes/claude/v2.1.332/deny-message.md): Down/Up move the marker, Tab on `4. No` opens the
 * field `No, and tell Claude what to do differently`, which is a line editor (paste, C-u); Enter with
 * text denies with it. Tab on `1. Yes` opens the approval's amend field (perm-bash-tab-amend). Keys
 * the captures never showed (Tab on 2 or 3) do nothing.
 */
import type { Scenario, StateSpec } from '../scripted-agent/scenario.ts';
import { assertScenario } from '../scripted-agent/scenario.ts';
import { claudeIdle, claudeWorkingStates } from './claude.ts';
import { FIXTURES_ROOT, selfContained } from './fixtures.ts';

const MARKED = 'panes/claude/v2.1.332/deny-message-marker-on-4';
const FIELD = 'panes/claude/v2.1.332/deny-message-field';
const FIRST_OPTION_ROW = 34;
const FOOTER_ROW = 39;
const LABELS = ['Yes', null, null, 'No'] as const;

/** The option rows with the marker on `at` (0-based), drawn as the capture draws a marked and an unmarked row. */
function optionLines(at: number): Record<string, string> {
  const lines: Record<string, string> = {};
  LABELS.forEach((label, i) => {
    const row = String(FIRST_OPTION_ROW + i);
    const n = `${i + 1}. `;
    const captured = selfContained(MARKED, FIRST_OPTION_ROW + i);
    const cut = `${n}\x1b[39m`;
    const text = label ?? captured.slice(captured.indexOf(cut) + cut.length);
    lines[row] =
      i === at ? ` \x1b[38;5;153m❯\x1b[39m \x1b[38;5;246m${n}\x1b[38;5;153m${text}\x1b[39m` : `   \x1b[38;5;246m${n}\x1b[39m${text}`;
  });
  // Claude names Tab only on rows it can amend (Yes and No): on 2 and 3 the footer is `Esc to cancel`.
  if (at === 1 || at === 2) lines[String(FOOTER_ROW)] = selfContained(FIELD, FOOTER_ROW);
  return lines;
}

/** The field row while text is typed: `❯ 4. No, <text>` and the cursor block after it (deny-message-field-typed). */
const FIELD_TEMPLATE = ' \x1b[38;5;153m❯\x1b[39m \x1b[38;5;246m4. \x1b[38;5;153mNo, \x1b[39m{draft}\x1b[7m \x1b[0m\x1b[39m\x1b[49m';

/** The scenario; `workingStepMs` as the other Claude scenarios. */
export function claudeDenyFieldPrompt(opts: { readonly workingStepMs?: number } = {}): Scenario {
  const at = (i: number): string => (i === 0 ? 'prompt' : `prompt-${i + 1}`);
  const answers = ['approved', 'approved-remember', 'approved-auto-mode', 'denied'];
  const states: Record<string, StateSpec> = {
    ...claudeWorkingStates(opts.workingStepMs ?? 300),
    approved: claudeIdle('perm-bash-after-1'),
    'approved-remember': claudeIdle('perm-bash-after-2-read'),
    'approved-auto-mode': claudeIdle('perm-bash-after-3-auto-mode'),
    denied: claudeIdle('perm-bash-after-4'),
    'denied-esc': claudeIdle('perm-bash-after-esc'),
    'denied-with-message': claudeIdle('v2.1.332/deny-message-after-enter', 'Enter in the field with text: "Not run · rejected"'),
    'amend-yes': {
      screen: 'panes/claude/perm-bash-tab-amend',
      keys: { Escape: 'denied-esc' },
      note: 'Tab on 1. Yes: the approval amend field',
    },
    field: {
      screen: FIELD,
      keys: { Escape: 'denied-esc' },
      input: { row: FIRST_OPTION_ROW + 3, col: 10, template: FIELD_TEMPLATE, submit: 'denied-with-message' },
      note: 'Tab on 4. No: the deny field; typed text and pastes go in as text',
    },
  };
  for (let i = 0; i < 4; i++) {
    states[at(i)] = {
      screen: MARKED,
      ...(i === 3 ? {} : { lines: optionLines(i) }),
      keys: {
        '1': 'approved',
        '2': 'approved-remember',
        '3': 'approved-auto-mode',
        '4': 'denied',
        Escape: 'denied-esc',
        Enter: answers[i] ?? 'prompt',
        Up: at(Math.max(0, i - 1)),
        Down: at(Math.min(3, i + 1)),
        ...(i === 0 ? { Tab: 'amend-yes' } : i === 3 ? { Tab: 'field' } : {}),
      },
    };
  }
  return assertScenario({ name: 'claude-deny-field', runtime: 'claude', initial: 'prompt', fixturesRoot: FIXTURES_ROOT, states });
}
