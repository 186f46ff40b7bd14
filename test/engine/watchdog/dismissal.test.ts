import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dismissalFor, NEVER_DISMISS, SAFE_DISMISSALS } from '../../../main/engine/watchdog/dismissal.ts';
import type { DialogScreen, OptionKind, RuntimeId, RuntimeModule } from '../../../main/engine/runtimes/types.ts';
import { claudeRuntime } from '../../../main/engine/runtimes/claude/index.ts';
import { codexRuntime } from '../../../main/engine/runtimes/codex/index.ts';
import { opencodeRuntime } from '../../../main/engine/runtimes/opencode/index.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/panes/', import.meta.url));

/** The first line of a capture matching `re`, trimmed — so every dialog below is grounded in a real capture. */
function lineOf(capture: string, re: RegExp): string {
  const line = readFileSync(`${FIXTURES}${capture}.txt`, 'utf8')
    .split('\n')
    .find((l) => re.test(l));
  if (!line) throw new Error(`${capture}.txt has no line matching ${re}`);
  return line.trim();
}

function dialog(runtime: RuntimeId, dialogId: string | null, question: string, options: [string, OptionKind][] = []): DialogScreen {
  return {
    kind: 'dialog',
    runtime,
    dialogId,
    question,
    options: options.map(([label, kind]) => ({ key: null, label, kind })),
    highlighted: 0,
  };
}

/** Every blocking dialog captured that must go to the queue, as a parser would present it. */
const unsafe: [string, DialogScreen][] = [
  [
    'claude trust folder (Enter/Esc exit the CLI)',
    dialog('claude', 'claude.trust-folder', lineOf('claude/startup-trust-folder', /Quick safety check/), [
      ['No, exit', 'deny'],
      ['Yes, I trust this folder', 'always'],
    ]),
  ],
  [
    'claude API key (Enter/Esc reject the key)',
    dialog('claude', 'claude.api-key', lineOf('claude/startup-api-key-confirm', /Do you want to use this API key/), [
      ['Yes', 'once'],
      ['No (recommended)', 'deny'],
    ]),
  ],
  [
    'claude auto-mode offer',
    dialog('claude', 'claude.auto-mode-offer', lineOf('claude/startup-auto-mode-default-offer', /Make auto mode your default/), [
      ['Yes, set auto mode as my default permission mode', 'always'],
      ['No, keep manual mode', 'deny'],
    ]),
  ],
  [
    'claude AskUserQuestion',
    dialog('claude', 'claude.ask-user-question', lineOf('claude/ask-user-question', /Which color/), [
      ['Red', 'other'],
      ['Blue', 'other'],
    ]),
  ],
  [
    'claude plan approval',
    dialog('claude', 'claude.plan-approval', lineOf('claude/plan-approval', /Exit plan mode\?/), [
      ['Yes, and switch to default (ask each time) for this session', 'always'],
      ['No', 'deny'],
    ]),
  ],
  [
    'codex model migration (Esc ACCEPTS the new model)',
    dialog('codex', 'codex.model-migration', lineOf('codex/dialog-model-migration', /Meet GPT-6 Sol/), [
      ['Try new model', 'other'],
      ['Use existing model', 'other'],
    ]),
  ],
  [
    'codex trust',
    dialog('codex', 'codex.trust', lineOf('codex/dialog-trust', /Trust this folder\?/), [
      ['Trust and continue', 'always'],
      ['Back to Agent Command Center', 'other'],
    ]),
  ],
  [
    'codex login',
    dialog('codex', 'codex.login', lineOf('codex/dialog-login', /Choose how you want to use Codex/), [['Sign in with ChatGPT', 'other']]),
  ],
  [
    'opencode always-allow confirmation (Enter = allow always)',
    dialog(
      'opencode',
      'opencode.always-allow-confirm',
      lineOf('opencode/dialog-always-allow-confirm', /This will allow the following patterns/),
      [
        ['Confirm', 'always'],
        ['Cancel', 'deny'],
      ],
    ),
  ],
];

describe('dismissalFor', () => {
  it('dismisses the Codex startup-warnings overlay with Escape, recognised by its captured title', () => {
    const title = lineOf('codex/overlay-warnings', /Warnings · \d+ of \d+/);
    expect(dismissalFor(dialog('codex', null, title))).toBe('Escape');
  });

  it('dismisses it when a parser names it by id', () => {
    expect(dismissalFor(dialog('codex', 'codex.startup-warnings', 'something else'))).toBe('Escape');
  });

  it('the overlay note really verifies Esc as dismissing it', () => {
    const note = readFileSync(`${FIXTURES}codex/overlay-warnings.md`, 'utf8');
    expect(note).toMatch(/Esc closes it/);
    expect(lineOf('codex/overlay-warnings', /esc dismiss & close/)).toContain('esc dismiss & close');
  });

  it.each(unsafe)('never dismisses: %s', (_name, d) => {
    expect(dismissalFor(d)).toBeNull();
  });

  it('never dismisses unsafe dialogs even without a dialog id (text only)', () => {
    for (const [, d] of unsafe) expect(dismissalFor({ ...d, dialogId: null })).toBeNull();
  });

  it('never dismisses a dialog that offers a grant, even if its title matches the catalog', () => {
    const title = lineOf('codex/overlay-warnings', /Warnings · \d+ of \d+/);
    expect(dismissalFor(dialog('codex', null, title, [['Allow always', 'always']]))).toBeNull();
    expect(dismissalFor(dialog('codex', null, title, [['Yes', 'once']]))).toBeNull();
  });

  it('never dismisses a listed never-dismiss id, even with a matching title', () => {
    const title = lineOf('codex/overlay-warnings', /Warnings · \d+ of \d+/);
    expect(dismissalFor(dialog('codex', 'codex.model-migration', title))).toBeNull();
  });

  it('matches only its own runtime', () => {
    const title = lineOf('codex/overlay-warnings', /Warnings · \d+ of \d+/);
    expect(dismissalFor(dialog('claude', null, title))).toBeNull();
  });

  it('returns null for an unknown dialog (the safe default)', () => {
    expect(dismissalFor(dialog('claude', null, 'A brand new dialog after an update'))).toBeNull();
  });

  it('the catalog and the never-list do not overlap', () => {
    for (const e of SAFE_DISMISSALS) for (const id of e.dialogIds) expect(NEVER_DISMISS).not.toContain(id);
  });
});

/** Every capture under test/fixtures/panes/<runtime>/ (and version subfolders), classified by its runtime's real parser. */
function classifiedCaptures(): { name: string; screen: ReturnType<RuntimeModule['classify']> }[] {
  const out: { name: string; screen: ReturnType<RuntimeModule['classify']> }[] = [];
  const walk = (dir: string, runtime: RuntimeModule): void => {
    for (const entry of readdirSync(`${FIXTURES}${dir}`, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(`${dir}/${entry.name}`, runtime);
      else if (entry.name.endsWith('.txt')) {
        const base = `${FIXTURES}${dir}/${entry.name.slice(0, -4)}`;
        const lines = readFileSync(`${base}.txt`, 'utf8').split('\n');
        const ansiLines = existsSync(`${base}.ansi`) ? readFileSync(`${base}.ansi`, 'utf8').split('\n') : undefined;
        out.push({ name: `${dir}/${entry.name}`, screen: runtime.classify(ansiLines ? { lines, ansiLines } : { lines }) });
      }
    }
  };
  for (const runtime of [claudeRuntime, codexRuntime, opencodeRuntime]) walk(runtime.id, runtime);
  return out;
}

describe('dismissalFor over every capture, through the real runtime parsers', () => {
  const captures = classifiedCaptures();

  it('finds the captures (the test is not vacuous)', () => {
    expect(captures.length).toBeGreaterThan(20);
    expect(captures.filter((c) => c.screen.kind === 'dialog').length).toBeGreaterThan(3);
  });

  it('dismisses only the Codex startup-warnings overlay, with Escape', () => {
    const dismissed = captures.flatMap((c) =>
      c.screen.kind === 'dialog' && dismissalFor(c.screen) !== null ? [[c.name, dismissalFor(c.screen)]] : [],
    );
    expect(dismissed).toEqual([['codex/overlay-warnings.txt', 'Escape']]);
  });
});
