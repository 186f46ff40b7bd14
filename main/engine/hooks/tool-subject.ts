/**
 * What a tool call wants to touch, as one line for the queue ("wants to run `rm -rf build`"),
 * taken from the hook's `tool_input` so it shows before the pane is even parsed.
 */

import { boundedText } from '../text/bounded-text.ts';

/** Longest subject we keep; the pane parse carries the full text when it matters. */
export const MAX_SUBJECT_CHARS = 300;

/** The subject of a tool call: command, file path, URL, query, question — or compact JSON of the input. */
export function toolSubject(tool: string, input: Readonly<Record<string, unknown>>): string {
  const pick = (...keys: string[]): string | null => {
    for (const key of keys) {
      const value = input[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
    return null;
  };
  let subject: string | null;
  switch (tool) {
    case 'Bash':
      subject = pick('command');
      break;
    case 'Write':
    case 'Edit':
    case 'MultiEdit':
    case 'Read':
      subject = pick('file_path');
      break;
    case 'NotebookEdit':
      subject = pick('notebook_path', 'file_path');
      break;
    case 'WebFetch':
      subject = pick('url');
      break;
    case 'WebSearch':
      subject = pick('query');
      break;
    case 'Glob':
    case 'Grep':
      subject = pick('pattern');
      break;
    case 'AskUserQuestion':
      subject = questionsOf(input);
      break;
    default:
      subject = null;
  }
  return truncate(subject ?? compactJson(input));
}

function questionsOf(input: Readonly<Record<string, unknown>>): string | null {
  const questions = input['questions'];
  if (!Array.isArray(questions)) return null;
  const texts = questions
    .map((q: unknown) => (typeof q === 'object' && q !== null ? (q as Record<string, unknown>)['question'] : undefined))
    .filter((q): q is string => typeof q === 'string');
  return texts.length > 0 ? texts.join(' / ') : null;
}

function compactJson(input: unknown): string {
  try {
    return JSON.stringify(input) ?? '';
  } catch {
    return '';
  }
}

function truncate(text: string): string {
  return boundedText(text, MAX_SUBJECT_CHARS);
}
