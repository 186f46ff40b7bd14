/** Claude dialogs that are not tool permissions: startup dialogs, AskUserQuestion, plan approval, other menus. */
import { withKinds } from '../common/option-context.ts';
import type { DialogScreen, PromptOption } from '../types.ts';
import type { OptionBlock } from './option-block.ts';
import { isBlank } from './screen-lines.ts';

interface KnownDialog {
  readonly id: string;
  /** Does the dialog's text (rule to bottom) identify it? */
  readonly matches: (text: string, block: OptionBlock) => boolean;
  /** The question to show, when the nearest line ending in `?` is not it. */
  readonly question?: (region: readonly string[]) => string | null;
}

/**
 * "Accessing workspace:" plus the folder on the next non-blank line: says which folder is to be trusted.
 * In a narrow pane the two words may sit on two rows.
 */
function workspaceQuestion(region: readonly string[]): string | null {
  const rows = region.map((l) => l.trim()).filter((l) => l !== '');
  const at = rows.findIndex((l, i) => l === 'Accessing workspace:' || (l === 'Accessing' && rows[i + 1] === 'workspace:'));
  if (at < 0) return null;
  const path = rows[at + (rows[at] === 'Accessing' ? 2 : 1)];
  return path ? `Accessing workspace: ${path}` : null;
}

/** The text `re` matches in the region (a title wrapped over rows), its white space squashed, or null. */
function titleIn(region: readonly string[], re: RegExp): string | null {
  const m = re.exec(region.join('\n'));
  return m ? m[0].replace(/\s+/g, ' ').trim() : null;
}

/**
 * A title and the value on the next non-blank row after it: "Moving to a new directory:" and the folder
 * (2.1.332, when the agent moves to or adds a directory the session has not worked in).
 */
function titleAndValue(region: readonly string[], re: RegExp): string | null {
  const text = region.join('\n');
  const m = re.exec(text);
  if (!m) return null;
  const rowsBefore = text.slice(0, m.index + m[0].length).split('\n').length;
  const value = region
    .slice(rowsBefore)
    .map((l) => l.trim())
    .find((l) => l !== '');
  return value ? `${m[0].replace(/\s+/g, ' ').trim()} ${value}` : m[0].replace(/\s+/g, ' ').trim();
}

/** The directory-trust titles of 2.1.332 (a new directory the agent moves to, adds, or whose settings apply). */
const NEW_DIRECTORY = /(?:Moving\s+to|Adding|Now\s+in)\s+a\s+new\s+directory:/;

/**
 * Dialogs the agent raises whose title is the question (no line of their own ends in `?`), from the
 * 2.1.332 bundle: the title is what the user is asked about.
 */
const TITLED = [
  { id: 'claude.managed-settings', title: /Managed\s+settings\s+require\s+approval/ },
  { id: 'claude.computer-use-apps', title: /Claude\s+wants\s+to\s+use\s+these\s+apps/ },
  { id: 'claude.chrome-offer', title: /Claude\s+in\s+Chrome\s+extension\s+detected/ },
  { id: 'claude.device-removed', title: /This\s+computer\s+was\s+removed\s+from\s+your\s+devices/ },
  {
    id: 'claude.mcp-tools-changed',
    title:
      /(?:An\s+MCP\s+server\s+on\s+this\s+machine\s+changed\s+its\s+tools|MCP\s+servers\s+on\s+this\s+machine\s+changed\s+their\s+tools)/,
  },
] as const;

/**
 * Confirmations of views the user opened with a command (2.1.332 bundle), asked by their title: /export's
 * overwrite, /desktop, the spend limit, /remote-control's directory, a model switch, stopping ultraplan,
 * uninstalling a plugin, and the rest named below.
 */
const TITLED_BY_USER = [
  { id: 'claude.export-overwrite', title: /Overwrite\s+this\s+file\?/ },
  { id: 'claude.desktop-download', title: /Download\s+Claude\s+Desktop\?/ },
  { id: 'claude.spend-limit-remove', title: /Remove\s+the\s+monthly\s+spend\s+limit\?/ },
  { id: 'claude.remote-control-trust', title: /Trust\s+this\s+directory\?/ },
  { id: 'claude.model-switch', title: /Switch\s+model\?/ },
  { id: 'claude.stop-ultraplan', title: /Stop\s+ultraplan\?/ },
  // /permissions: auto mode's rules; /schedule: a task; cloud sessions' GitHub connection.
  { id: 'claude.auto-mode-rule-delete', title: /Delete\s+auto\s+mode\s+rule\?/ },
  { id: 'claude.built-in-rules', title: /(?:Enable|Disable)\s+built-in\s+rules\?/ },
  { id: 'claude.task-remove', title: /Remove\s+task\?/ },
  { id: 'claude.github-connect', title: /Connect\s+cloud\s+sessions\s+to\s+GitHub\?/ },
  // /plugin: `Uninstall <plugin>?` alone on its row (the plugin's name may wrap onto the next).
  { id: 'claude.plugin-uninstall', title: /^\s*Uninstall\s+\S+\?\s*$/m },
  // /login's gateway, /plugin's marketplace add, /install-github-app's last step, /add-dir's choice, /feedback's
  // consent (its report, bundle and share forms): the host, marketplace and repository are filled in at run time.
  { id: 'claude.login-gateway-trust', title: /Trust\s+gateway\s+[^\s?][^?]{0,200}?\?/ },
  { id: 'claude.marketplace-add', title: /Add\s+marketplace\s+[^\s?]+\?/ },
  { id: 'claude.install-github-app', title: /Make\s+these\s+changes\s+to\s+[^\s?]+\?/ },
  { id: 'claude.add-dir', title: /Add\s+directory\s+to\s+workspace/ },
  {
    id: 'claude.feedback-consent',
    title:
      /(?:This\s+report\s+will\s+include|An\s+archive\s+will\s+be\s+saved\s+to\s+disk\s+containing|This\s+shared\s+conversation\s+will\s+include):/,
  },
] as const;

/** Dialogs the user opens with a command (never queued, never answered by a key). */
const USER_OPENED = new Set<string>(['claude.model-picker', ...TITLED_BY_USER.map((d) => d.id)]);

/** Checked in order, before the permission recogniser: a known dialog is never a permission prompt. */
const KNOWN: readonly KnownDialog[] = [
  // /model: "Select model" (bold title, from the 2.1.332 bundle) over the model list. The user opened it.
  { id: 'claude.model-picker', matches: (text) => /^\s*Select model\s*$/m.test(text), question: () => 'Select model' },
  {
    // Default is "No, exit" in 2.1.329 (Enter exits the CLI) and "Yes" in 2.1.197.
    id: 'claude.trust-folder',
    matches: (text, block) =>
      /Accessing\s+workspace:/.test(text) || block.options.some((o) => /trust this folder/i.test([o.text, ...o.more].join(' '))),
    question: workspaceQuestion,
  },
  // The agent moves to or adds a directory it has not worked in: trusting it is never a key's choice.
  {
    id: 'claude.directory-trust',
    matches: (text) => NEW_DIRECTORY.test(text),
    question: (region) => titleAndValue(region, NEW_DIRECTORY),
  },
  ...[...TITLED, ...TITLED_BY_USER].map((d) => ({
    id: d.id,
    matches: (text: string) => d.title.test(text),
    question: (region: readonly string[]) => titleIn(region, d.title),
  })),
  // Titles and questions may wrap over rows in a narrow pane: words are matched across any white space.
  {
    id: 'claude.api-key',
    matches: (text) => /Detected\s+a\s+custom\s+API\s+key|Do\s+you\s+want\s+to\s+use\s+this\s+API\s+key\?/.test(text),
  },
  { id: 'claude.auto-mode-offer', matches: (text) => /Make\s+auto\s+mode\s+your\s+default\s+permission\s+mode\?/.test(text) },
  // "Ready to code?" is the older wording of the same dialog (not captured here; a dialog is the safe reading).
  { id: 'claude.plan-approval', matches: (text) => /Exit\s+plan\s+mode\?|wants\s+to\s+exit\s+plan\s+mode|Ready\s+to\s+code\?/.test(text) },
  {
    id: 'claude.ask-user-question',
    matches: (text, block) => block.footer.some((f) => /to navigate/.test(f)) || /^\s*[☐☒✔]\s+\S/m.test(text),
  },
];

/** The nearest line above the options ending in `?`, else the nearest non-blank line, within the region. */
function nearestQuestion(region: readonly string[], optionsTop: number): string {
  const above = region.slice(0, optionsTop);
  const asked = [...above].reverse().find((l) => l.trim().endsWith('?'));
  if (asked) return asked.trim();
  const any = [...above].reverse().find((l) => !isBlank(l));
  return any ? any.trim() : '';
}

/** The id of a known dialog shown in `region` (the lines from the dialog's top rule to the bottom), or null. */
export function knownDialogId(region: readonly string[], block: OptionBlock): string | null {
  const text = region.join('\n');
  return KNOWN.find((d) => d.matches(text, block))?.id ?? null;
}

/**
 * Build the dialog screen. `region` runs from below the dialog's top rule to the bottom and `optionsTop`
 * indexes into it. Descriptions under an option (AskUserQuestion) are not part of its label.
 */
export function recogniseDialog(region: readonly string[], optionsTop: number, block: OptionBlock, dialogId: string | null): DialogScreen {
  const known = KNOWN.find((d) => d.id === dialogId);
  const question = known?.question?.(region) ?? nearestQuestion(region, optionsTop);
  // AskUserQuestion draws a description under each option, at the label's column: not part of the label.
  // Elsewhere the rows under an option are its label, wrapped in a narrow pane.
  const labelOf = (o: OptionBlock['options'][number]) => (dialogId === 'claude.ask-user-question' ? o.text : [o.text, ...o.more].join(' '));
  const options: PromptOption[] = withKinds(
    block.options.map((o) => ({ key: o.number === null ? null : String(o.number), label: labelOf(o) })),
  );
  const marked = block.options.flatMap((o, i) => (o.highlighted ? [i] : []));
  return {
    kind: 'dialog',
    runtime: 'claude',
    dialogId,
    question,
    options,
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
    ...(dialogId !== null && USER_OPENED.has(dialogId) ? { openedByUser: true } : {}),
  };
}
