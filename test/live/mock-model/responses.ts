/** OpenAI Responses API (`/v1/responses`, SSE) as Codex CLI calls it. */
import type { ToolIntent } from './script.ts';
import { chunksOf } from './script.ts';
import { pace, sendEvent, startSse } from './sse.ts';
import type { AnswerContext, TurnView } from './types.ts';

type Item = Record<string, unknown> & { type?: string; role?: string };

const CALL_TYPES = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);
const OUTPUT_TYPES = new Set(['function_call_output', 'custom_tool_call_output']);

const contentText = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((c: Item) => String(c.text ?? '')).join('\n') : '';

/** Codex sends its environment and instructions as user messages too; the prompt is the newest one that is neither. */
const isPrompt = (item: Item) =>
  item.type === 'message' &&
  item.role === 'user' &&
  !/^\s*<(environment_context|user_instructions|permissions)/.test(contentText(item.content));

/** Read a Responses request. */
export function viewResponses(body: Record<string, unknown>): TurnView {
  const input = (Array.isArray(body.input) ? body.input : []) as Item[];
  const tools = (Array.isArray(body.tools) ? body.tools : []).map((t: Item) => String(t.name ?? t.type ?? ''));
  let promptAt = -1;
  for (let i = input.length - 1; i >= 0; i--) {
    if (isPrompt(input[i]!)) {
      promptAt = i;
      break;
    }
  }
  const after = input.slice(promptAt + 1);
  const answered = after.filter((i) => CALL_TYPES.has(String(i.type))).length;
  const results = after
    .filter((i) => OUTPUT_TYPES.has(String(i.type)))
    .map((i) => ({ callId: String(i.call_id), tool: null, content: contentText(i.output), isError: false }));
  const prompt = promptAt < 0 ? null : contentText(input[promptAt]!.content);
  // Codex asks the same model for a thread title, quoting the prompt: a side request.
  const aux = tools.length === 0 || (prompt !== null && /Do not answer the request|^Generate a concise/.test(prompt));
  return { prompt, answered, results, aux, tools };
}

function patchFor(intent: Extract<ToolIntent, { kind: 'write' | 'edit' }>): string {
  if (intent.kind === 'write') {
    const lines = intent.content
      .replace(/\n$/, '')
      .split('\n')
      .map((l) => `+${l}`);
    return ['*** Begin Patch', `*** Add File: ${intent.path}`, ...lines, '*** End Patch', ''].join('\n');
  }
  return ['*** Begin Patch', `*** Update File: ${intent.path}`, '@@', `-${intent.oldText}`, `+${intent.newText}`, '*** End Patch', ''].join(
    '\n',
  );
}

/** The output item Codex runs for an intent, shaped after the tools the request offered. */
function callItem(intent: ToolIntent, tools: readonly string[], offered: readonly Item[], callId: string, id: string): Item {
  const fn = (name: string, args: Record<string, unknown>): Item => ({
    type: 'function_call',
    id,
    call_id: callId,
    name,
    arguments: JSON.stringify(args),
  });
  switch (intent.kind) {
    case 'shell': {
      const justification = intent.reason ?? 'The task needs this command.';
      if (tools.includes('exec_command'))
        return fn('exec_command', { cmd: intent.command, sandbox_permissions: 'require_escalated', justification });
      if (tools.includes('shell_command'))
        return fn('shell_command', { command: intent.command, with_escalated_permissions: true, justification });
      return fn('shell', { command: ['bash', '-lc', intent.command], with_escalated_permissions: true, justification });
    }
    case 'write':
    case 'edit': {
      const patch = patchFor(intent);
      const tool = offered.find((t) => t.name === 'apply_patch');
      if (tool?.type === 'custom') return { type: 'custom_tool_call', id, call_id: callId, name: 'apply_patch', input: patch };
      return fn('apply_patch', { input: patch });
    }
    case 'read':
      return fn(
        tools.includes('exec_command') ? 'exec_command' : 'shell',
        tools.includes('exec_command') ? { cmd: `cat ${intent.path}` } : { command: ['cat', intent.path] },
      );
    case 'fetch':
      return fn(
        tools.includes('exec_command') ? 'exec_command' : 'shell',
        tools.includes('exec_command') ? { cmd: `curl -s ${intent.url}` } : { command: ['curl', '-s', intent.url] },
      );
    case 'raw':
      return fn(intent.name, { ...intent.input });
  }
}

/** Answer one Responses request with the step, as SSE. */
export async function answerResponses(ctx: AnswerContext): Promise<void> {
  const { step, res, body, view } = ctx;
  const responseId = ctx.id('resp_');
  startSse(res);
  sendEvent(res, { type: 'response.created', response: { id: responseId } }, 'response.created');
  let index = 0;
  const say = step.say;
  if (say) {
    const itemId = ctx.id('msg_');
    sendEvent(
      res,
      { type: 'response.output_item.added', output_index: index, item: { type: 'message', id: itemId, role: 'assistant', content: [] } },
      'response.output_item.added',
    );
    const slow = 'slow' in step ? step.slow : undefined;
    for (const piece of chunksOf(say, slow?.chunks ?? 1)) {
      if (slow && !(await pace(res, slow.delayMs))) return;
      sendEvent(
        res,
        { type: 'response.output_text.delta', item_id: itemId, output_index: index, content_index: 0, delta: piece },
        'response.output_text.delta',
      );
    }
    const item = { type: 'message', id: itemId, role: 'assistant', content: [{ type: 'output_text', text: say, annotations: [] }] };
    sendEvent(res, { type: 'response.output_item.done', output_index: index, item }, 'response.output_item.done');
    index++;
  }
  if ('tool' in step) {
    const callId = ctx.id('call_');
    const offered = (Array.isArray(body.tools) ? body.tools : []) as Item[];
    const item = callItem(step.tool, view.tools, offered, callId, ctx.id('fc_'));
    ctx.rememberCall(callId, String(item.name));
    sendEvent(res, { type: 'response.output_item.added', output_index: index, item }, 'response.output_item.added');
    sendEvent(res, { type: 'response.output_item.done', output_index: index, item }, 'response.output_item.done');
  }
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  sendEvent(res, { type: 'response.completed', response: { id: responseId, usage } }, 'response.completed');
  res.end();
}
