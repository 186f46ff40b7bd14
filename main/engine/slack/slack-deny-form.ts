/**
 * Slack's `Deny with a message…` form (pure): the modal a press opens with `views.open`, and what the
 * acknowledgement of its `view_submission` says about the text. The modal carries the press's own
 * token back in `private_metadata` (at most 3000 characters; the token is 25), so a submission is bound
 * to the item, message and prompt fingerprint the button was on, like every other button. Limits from
 * https://api.slack.com/reference/surfaces/views (title, submit and close at most 24 characters) and
 * https://api.slack.com/reference/block-kit/block-elements#input (`max_length` at most 3000). A
 * submission is acknowledged with `response_action: "errors"` keyed by the input's `block_id` to keep
 * the modal open with the reason under the field (https://api.slack.com/surfaces/modals#displaying_errors).
 */
import type { Block } from './slack-message.ts';

/** The modal's `callback_id`: how a submission is known to be this form. */
export const DENY_FORM_CALLBACK = 'tb-deny-message';
/** The input's block and element ids (`view.state.values[block][action].value`). */
export const DENY_FORM_BLOCK = 'tb-reason';
export const DENY_FORM_ACTION = 'tb-reason-text';
/** The longest message the form takes: Slack's field enforces it too, and a longer one is refused here. */
export const DENY_MESSAGE_MAX = 2000;

/** The modal for the message whose (escaped mrkdwn) first line is `header`, bound to the press token `data`. */
export function denyFormView(header: string, data: string): Record<string, unknown> {
  const blocks: Block[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `${header}\nThe prompt is denied, and the agent gets your message.` } },
    {
      type: 'input',
      block_id: DENY_FORM_BLOCK,
      label: { type: 'plain_text', text: 'What should the agent do instead?', emoji: false },
      element: {
        type: 'plain_text_input',
        action_id: DENY_FORM_ACTION,
        multiline: true,
        max_length: DENY_MESSAGE_MAX,
        placeholder: { type: 'plain_text', text: 'e.g. use pnpm, not npm', emoji: false },
      },
    },
  ];
  return {
    type: 'modal',
    callback_id: DENY_FORM_CALLBACK,
    private_metadata: data,
    title: { type: 'plain_text', text: 'Deny with a message', emoji: false },
    submit: { type: 'plain_text', text: 'Deny and send', emoji: false },
    close: { type: 'plain_text', text: 'Cancel', emoji: false },
    blocks,
  };
}

/** Why the form's text cannot be sent (shown under the field), or null when it can. */
export function denyTextProblem(text: string | null): string | null {
  const t = (text ?? '').trim();
  if (t === '') return 'Write what the agent should do instead.';
  if (t.length > DENY_MESSAGE_MAX) return `At most ${DENY_MESSAGE_MAX} characters (this is ${t.length}).`;
  return null;
}

/** The acknowledgement that keeps the modal open with `why` under the field. */
export function formErrors(why: string): Record<string, unknown> {
  return { response_action: 'errors', errors: { [DENY_FORM_BLOCK]: why.slice(0, 150) } };
}
