/** How the shell names a waiting agent and says what it wants, in one short line ("wants to run `rm -rf build`"). */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import { oneLine } from './text-fit.ts';

/** Longest subject shown inside a phrase; the queue window shows the whole of it. */
const SUBJECT_MAX = 80;

/**
 * "claude · api-worker": runtime and tmux session, the way the user named the agent's place; on
 * another machine the host comes first ("claude · gpu:api-worker"), so a title or menu row alone says where.
 */
export function agentName(item: QueueItemDto): string {
  return `${item.runtime} · ${item.host === null ? item.sessionName : `${item.host}:${item.sessionName}`}`;
}

/** The verb for a permission prompt's tool, read from how the agents name their tools. */
function permissionVerb(tool: string | null): string | null {
  const t = (tool ?? '').toLowerCase();
  if (t === '') return null;
  if (/bash|shell|command|exec/.test(t)) return 'run';
  if (/create|write/.test(t)) return 'create';
  if (/edit|patch/.test(t)) return 'edit';
  if (/read|list|glob|grep/.test(t)) return 'read';
  if (/fetch|web|url|search/.test(t)) return 'fetch';
  return null;
}

function quoted(subject: string): string {
  const line = oneLine(subject, SUBJECT_MAX);
  return line === '' ? '' : `\`${line}\``;
}

/** Longest options line: a notification or a table cell, not the whole menu. */
const OPTIONS_MAX = 120;

/** A menu's choices on one line, numbered as shown: "1. Yes · 2. Yes, always · 3. No". Empty when none. */
export function optionsInWords(labels: readonly string[]): string {
  return oneLine(labels.map((label, i) => `${i + 1}. ${oneLine(label, 60)}`).join(' · '), OPTIONS_MAX);
}

/**
 * The options a user must choose from at the pane: shown for a dialog and for a permission that
 * approve cannot answer (low confidence, no single allow-once), so the user knows what Jump leads to.
 */
export function choicesToShow(item: QueueItemDto): string {
  const ask = item.reason === 'dialog' || (item.reason === 'permission' && item.approveLabel === null);
  return ask ? optionsInWords(item.options.map((o) => o.label)) : '';
}

/** What the agent wants, as a predicate that follows its name: "wants to run `ls`", "asks: Trust this folder?". */
export function wantsPhrase(item: QueueItemDto): string {
  switch (item.reason) {
    case 'permission': {
      const subject = quoted(item.subject);
      const verb = permissionVerb(item.tool);
      if (verb !== null && subject !== '') return `wants to ${verb} ${subject}`;
      if (item.tool !== null && subject !== '') return `asks to use ${oneLine(item.tool, 40)}: ${subject}`;
      // A prompt read from its menu alone (no tool, nothing but the question to show): say the question.
      if (item.tool === null && item.question !== null && (item.subject === '' || item.subject === item.question)) {
        return `asks: ${oneLine(item.question, SUBJECT_MAX)}`;
      }
      return subject === '' ? 'asks for permission' : `asks for permission: ${subject}`;
    }
    case 'dialog': {
      const question = oneLine(item.question ?? item.subject, SUBJECT_MAX);
      return question === '' ? 'shows a dialog' : `asks: ${question}`;
    }
    case 'idle':
      return 'is waiting for your next instruction';
    case 'idle-after-nudges':
      return 'is still idle after the watchdog’s nudges';
    case 'unknown':
      return 'shows a screen Trail Boss does not recognise — take a look';
    default:
      return assertNever(item.reason);
  }
}
