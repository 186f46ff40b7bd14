/** The scripted turns every live scenario uses: one trigger word per tool the CLI may ask about. */
import { join } from 'node:path';
import type { LiveCliId } from './install.ts';
import type { MockModel } from './mock-model/server.ts';
import type { CliSandbox } from './sandbox.ts';

/** Prompt words that start each scripted turn. */
export const TRIGGERS = {
  shell: '[[shell]]',
  write: '[[write]]',
  edit: '[[edit]]',
  read: '[[read-outside]]',
  fetch: '[[fetch]]',
  slow: '[[slow]]',
  ask: '[[ask]]',
  fail: '[[fail]]',
} as const;

/** File names the tools touch inside the project: one line per run of the shell tool. */
export const RAN_FILE = 'ran.txt';
export const WRITTEN_FILE = 'written.txt';
export const EDITED_FILE = 'notes.txt';

/** A long answer streamed slowly (about `seconds`), for the working screens. */
export function slowAnswer(seconds: number) {
  const text = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a slow answer.`).join('\n');
  return { say: text, slow: { chunks: 40, delayMs: Math.round((seconds * 1000) / 40) } };
}

/** The question every CLI's question tool asks on `[[ask]]`. */
const COLOUR_QUESTION = {
  question: 'Which colour should the button be?',
  header: 'Colour',
  options: [
    { label: 'Red', description: 'A warm colour' },
    { label: 'Blue', description: 'A cool colour' },
  ],
};

/**
 * Each CLI's question tool and its input asking that question: Qwen Code's `ask_user_question` (Claude's shape),
 * opencode's `question` (the same shape; captures test/fixtures/panes/opencode/question-*), Gemini CLI's `ask_user`,
 * and Copilot CLI's `ask_user`, a message and a form of one single-select field (panes/copilot/question-*).
 */
const ASK_TOOLS: Partial<Record<LiveCliId, { readonly name: string; readonly input: Readonly<Record<string, unknown>> }>> = {
  qwen: { name: 'ask_user_question', input: { questions: [{ ...COLOUR_QUESTION, multiSelect: false }] } },
  opencode: { name: 'question', input: { questions: [COLOUR_QUESTION] } },
  gemini: { name: 'ask_user', input: { questions: [{ ...COLOUR_QUESTION, type: 'choice' }] } },
  copilot: {
    name: 'ask_user',
    input: {
      message: COLOUR_QUESTION.question,
      requestedSchema: { properties: { colour: { type: 'string', title: 'Colour', enum: ['Red', 'Blue'] } }, required: ['colour'] },
    },
  },
};

/** Script the standard turns into the mock. */
export function scriptStandardTurns(mock: MockModel, sandbox: CliSandbox): void {
  const p = (name: string) => join(sandbox.project, name);
  mock.script(TRIGGERS.shell, [{ tool: { kind: 'shell', command: `echo ran >> ${RAN_FILE}`, reason: 'Record that the command ran' } }]);
  mock.script(TRIGGERS.write, [{ tool: { kind: 'write', path: p(WRITTEN_FILE), content: 'written by the mock model\n' } }]);
  // Claude Code and Qwen Code edit only files they have read in this session; a read inside the project does not ask.
  const readFirst = sandbox.id === 'claude' || sandbox.id === 'qwen' ? [{ tool: { kind: 'read' as const, path: p(EDITED_FILE) } }] : [];
  mock.script(TRIGGERS.edit, [
    ...readFirst,
    { tool: { kind: 'edit', path: p(EDITED_FILE), oldText: 'second line', newText: 'second line, edited' } },
  ]);
  mock.script(TRIGGERS.read, [{ tool: { kind: 'read', path: join(sandbox.outside, 'secret.txt') } }]);
  mock.script(TRIGGERS.fetch, [{ tool: { kind: 'fetch', url: `${'http://127.0.0.1'}:9/fetch-target` } }]);
  mock.script(TRIGGERS.slow, [slowAnswer(12)]);
  // A request the model server refuses (400: not retried), for the error screens.
  mock.script(TRIGGERS.fail, [{ fail: { status: 400, message: 'The mock model refuses this request.' } }]);
  // A question from the model, for the CLIs that have such a tool.
  const ask = ASK_TOOLS[sandbox.id];
  if (ask) mock.script(TRIGGERS.ask, [{ tool: { kind: 'raw', ...ask } }]);
}
