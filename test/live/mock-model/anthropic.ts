/** Anthropic Messages API (`/v1/messages`, SSE) as Claude Code calls it. */
import type { Step, ToolIntent } from './script.ts';
import { chunksOf } from './script.ts';
import { pace, sendEvent, sendJson, startSse } from './sse.ts';
import type { AnswerContext, TurnView } from './types.ts';

type Block = Record<string, unknown> & { type?: string };
type Message = { role?: string; content?: string | Block[] };

const textOf = (content: Message['content']): string =>
  typeof content === 'string'
    ? content
    : (content ?? [])
        .filter((b) => b.type === 'text')
        .map((b) => String(b.text ?? ''))
        .join('\n');
const isToolResultMessage = (m: Message) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result');
/** Text Claude Code adds beside a tool result on its own (reminders, ToolSearch's note): not typed by the user. */
const withoutReminders = (text: string) =>
  text
    .replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '')
    .replace(/^Tool loaded\.$/gm, '')
    .replace(/^\[Request interrupted by user[^\]]*\]$/gm, '')
    .trim();
/** A user message the user typed: after a denial Claude Code sends the refused tool's result and the next prompt in one message. */
const isPrompt = (m: Message) => m.role === 'user' && (!isToolResultMessage(m) || withoutReminders(textOf(m.content)) !== '');
const resultText = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((c: Block) => String(c.text ?? '')).join('\n') : '';

/** Read a Messages request. */
export function viewAnthropic(body: Record<string, unknown>): TurnView {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
  const tools = (Array.isArray(body.tools) ? body.tools : []).map((t: Block) => String(t.name ?? ''));
  let promptAt = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (isPrompt(messages[i]!)) {
      promptAt = i;
      break;
    }
  }
  const answered = promptAt < 0 ? 0 : messages.slice(promptAt + 1).filter((m) => m.role === 'assistant').length;
  const last = messages.at(-1);
  const results =
    last && isToolResultMessage(last)
      ? (last.content as Block[])
          .filter((b) => b.type === 'tool_result')
          .map((b) => ({ callId: String(b.tool_use_id), tool: null, content: resultText(b.content), isError: b.is_error === true }))
      : [];
  return { prompt: promptAt < 0 ? null : textOf(messages[promptAt]!.content), answered, results, aux: tools.length === 0, tools };
}

/** Claude Code's tool and input for an intent. WebFetch is deferred: ToolSearch loads it first (see `expandAnthropic`). */
function toolCall(intent: ToolIntent): { name: string; input: Record<string, unknown> } {
  switch (intent.kind) {
    case 'shell':
      return { name: 'Bash', input: { command: intent.command, description: intent.reason ?? 'Run a command' } };
    case 'write':
      return { name: 'Write', input: { file_path: intent.path, content: intent.content } };
    case 'edit':
      return { name: 'Edit', input: { file_path: intent.path, old_string: intent.oldText, new_string: intent.newText } };
    case 'read':
      return { name: 'Read', input: { file_path: intent.path } };
    case 'fetch':
      return { name: 'WebFetch', input: { url: intent.url, prompt: 'Summarise the page' } };
    case 'raw':
      return { name: intent.name, input: { ...intent.input } };
  }
}

/** Claude Code's steps for a script: a fetch first loads the deferred WebFetch tool through ToolSearch. */
export function expandAnthropic(steps: readonly Step[]): Step[] {
  return steps.flatMap((s): Step[] =>
    'tool' in s && s.tool.kind === 'fetch'
      ? [{ tool: { kind: 'raw', name: 'ToolSearch', input: { query: 'select:WebFetch', max_results: 1 } } }, s]
      : [s],
  );
}

/** Answer one Messages request with the step (streamed when asked). */
export async function answerAnthropic(ctx: AnswerContext): Promise<void> {
  const { step, res, body } = ctx;
  const model = String(body.model ?? 'claude-mock');
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const say = 'say' in step ? step.say : step.say;
  const call = 'tool' in step ? toolCall(step.tool) : null;
  const callId = call ? ctx.id('toolu_') : '';
  if (call) ctx.rememberCall(callId, call.name);
  if (body.stream !== true) {
    const content: Block[] = [];
    if (say) content.push({ type: 'text', text: say });
    if (call) content.push({ type: 'tool_use', id: callId, name: call.name, input: call.input });
    sendJson(res, 200, {
      id: ctx.id('msg_'),
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: call ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage,
    });
    return;
  }
  startSse(res);
  sendEvent(
    res,
    {
      type: 'message_start',
      message: {
        id: ctx.id('msg_'),
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    },
    'message_start',
  );
  let index = 0;
  if (say) {
    sendEvent(res, { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }, 'content_block_start');
    const slow = 'slow' in step ? step.slow : undefined;
    for (const piece of chunksOf(say, slow?.chunks ?? 1)) {
      if (slow && !(await pace(res, slow.delayMs))) return;
      sendEvent(res, { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }, 'content_block_delta');
    }
    sendEvent(res, { type: 'content_block_stop', index }, 'content_block_stop');
    index++;
  }
  if (call) {
    sendEvent(
      res,
      { type: 'content_block_start', index, content_block: { type: 'tool_use', id: callId, name: call.name, input: {} } },
      'content_block_start',
    );
    sendEvent(
      res,
      { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.input) } },
      'content_block_delta',
    );
    sendEvent(res, { type: 'content_block_stop', index }, 'content_block_stop');
  }
  sendEvent(
    res,
    { type: 'message_delta', delta: { stop_reason: call ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } },
    'message_delta',
  );
  sendEvent(res, { type: 'message_stop' }, 'message_stop');
  res.end();
}
