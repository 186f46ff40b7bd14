/**
 * The dialog catalogue (test/fixtures/catalogue/<runtime>/<version>.json): per pinned CLI version, the
 * dialog strings extracted from its package (`extracted`, written by test/fixtures/catalogue/extract.ts),
 * the dialogs built from them (`dialogs`: what each shows and what the engine must read from it), and the
 * extracted strings that belong to no catalogued dialog (`elsewhere`, each with why).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { OptionKind, ScreenKind } from '../../../main/engine/runtimes/types.ts';
import type { DialogStringKind } from '../../fixtures/catalogue/dialog-strings.ts';

/** Where the catalogue lives. */
export const CATALOGUE = join(import.meta.dirname, '../../fixtures/catalogue');

/** One option as the catalogue knows it: its label as the CLI prints it, and what choosing it does. */
export interface CatalogueOption {
  readonly label: string;
  readonly kind: OptionKind;
  /** A key hint the CLI prints after the label (`y`, `esc`), drawn as ` (y)`. */
  readonly hint?: string;
  /** A description row the CLI draws under the label (Gemini's and Qwen's question lists). */
  readonly description?: string;
}

/** How a dialog is drawn: the layout of its CLI (from the captures in test/fixtures/panes). */
export type CatalogueLayout = 'claude' | 'codex' | 'auggie' | 'auggie-popover' | 'gemini' | 'qwen' | 'copilot' | 'opencode';

/** One dialog of a CLI version. */
export interface CatalogueDialog {
  readonly id: string;
  readonly layout: CatalogueLayout;
  /** What the engine must make of it. */
  readonly state: Extract<ScreenKind, 'permission' | 'dialog'>;
  /** A view the user opened (a picker, a notice): read as a dialog that is never queued and never keyed. */
  readonly openedByUser?: boolean;
  /**
   * Below this width the CLI's own layout cuts or breaks the dialog's words (opencode cuts its rows): there the
   * read is only checked to give no key but the expected ones.
   */
  readonly minWidth?: number;
  /** Which of its layout's shapes draws it (render-gemini.ts, render-qwen.ts: `confirm`, `dialog`, …). */
  readonly variant?: string;
  /** Gemini, Qwen: a heading above the rest (`Action Required`, a question's header). */
  readonly heading?: string;
  /** Claude: the header under the rule (`Bash command`); absent when the dialog has none. */
  readonly title?: string;
  /** Lines between the title and the question (description, `$ command`, a file name). */
  readonly body?: readonly string[];
  /** Claude start-up dialogs: a blank row between paragraphs and above the list. */
  readonly spaced?: boolean;
  /** Claude: body lines drawn between `╌╌╌` rules (the command or diff box). */
  readonly boxed?: readonly string[];
  /** The question line as drawn ('' when the dialog draws none: its title asks). */
  readonly question: string;
  /** What the recogniser reports as the question when it is not the drawn line (the title, the folder). */
  readonly readAs?: string;
  /** Numbered options (`1. Yes`) or a cursor list (`❯ No, exit`). */
  readonly numbered: boolean;
  readonly options: readonly CatalogueOption[];
  /** The cursor drawn before the highlighted option where the layout has no fixed one (auggie popovers: `› `, `   ● `). */
  readonly marker?: string;
  /** Index of the highlighted option as the CLI opens the dialog. */
  readonly highlighted: number;
  /** The key hints under the list ('' when none is drawn). */
  readonly footer: string;
  /** The keys a confident read gives at a full-width pane (null: none may be sent). */
  readonly approve: string | null;
  readonly deny: string | null;
  /** Which of the catalogue's extracted strings this dialog draws (checked against `extracted`). */
  readonly strings: readonly string[];
  /** What was made up to draw it: a label, title or value the CLI builds at run time, drawn with a realistic one. */
  readonly note?: string;
}

/** One pinned version's catalogue. */
export interface Catalogue {
  readonly runtime: string;
  readonly package: string;
  readonly version: string;
  readonly program: string;
  readonly extracted: Readonly<Record<DialogStringKind, readonly string[]>>;
  readonly dialogs: readonly CatalogueDialog[];
  /** Extracted strings that are not part of a catalogued dialog, with why (a message, a settings view, …). */
  readonly elsewhere: Readonly<Record<string, string>>;
  /** Path of the file, for messages. */
  readonly file: string;
}

/** Every catalogue file: `<runtime>/<version>.json`. */
export function catalogues(): Catalogue[] {
  return readdirSync(CATALOGUE)
    .filter((d) => statSync(join(CATALOGUE, d)).isDirectory())
    .flatMap((runtime) =>
      readdirSync(join(CATALOGUE, runtime))
        .filter((f) => f.endsWith('.json'))
        .map((f) => {
          const file = join(CATALOGUE, runtime, f);
          return { ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<Catalogue, 'file'>), file: `catalogue/${runtime}/${f}` };
        }),
    );
}
