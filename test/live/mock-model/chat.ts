/**
 * OpenAI Chat Completions (`/v1/chat/completions`, SSE) as opencode calls it through @ai-sdk/openai-compatible,
 * and as Qwen Code and Copilot CLI call it (each gets its own tool names, read from the request's `tools`).
 */
import type { ToolIntent } from './script.ts';
import { chunksOf } from './script.ts';
import { pace, sendEvent, sendJson, startSse } from './sse.ts';
import type { AnswerContext, TurnView } from './types.ts';

type Message = Record<string, unknown> & { role?: string; content?: unknown };

const contentText = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((c: Message) => String(c.text ?? '')).join('\n') : '';

/** Read a chat request. */
export function viewChat(body: Record<string, unknown>): TurnView {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
  const tools = (Array.isArray(body.tools) ? body.tools : []).map((t: { function?: { name?: string } }) => String(t.function?.name ?? ''));
  let promptAt = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') {
      promptAt = i;
      break;
    }
  }
  const after = messages.slice(promptAt + 1);
  const answered = after.filter((m) => m.role === 'assistant').length;
  const results = after
    .filter((m) => m.role === 'tool')
    .map((m) => {
      const content = contentText(m.content);
      return {
        callId: String(m.tool_call_id),
        tool: null,
        content,
        isError: /^(Error|The user rejected|.*permission.*rejected)/i.test(content),
      };
    });
  const prompt = promptAt < 0 ? null : contentText(messages[promptAt]!.content);
  return { prompt, answered, results, aux: tools.length === 0, tools };
}

/**
 * Qwen Code 0.24.4's tools (Gemini CLI's family, names read from its requests' `tools`): `run_shell_command`,
 * `write_file`, `edit`, `read_file`, `web_fetch`.
 */
function qwenToolCall(intent: ToolIntent): { name: string; args: Record<string, unknown> } {
  switch (intent.kind) {
    case 'shell':
      return { name: 'run_shell_command', args: { command: intent.command, description: intent.reason ?? 'Run a command' } };
    case 'write':
      return { name: 'write_file', args: { file_path: intent.path, content: intent.content } };
    case 'edit':
      return { name: 'edit', args: { file_path: intent.path, old_string: intent.oldText, new_string: intent.newText } };
    case 'read':
      return { name: 'read_file', args: { file_path: intent.path } };
    case 'fetch':
      return { name: 'web_fetch', args: { url: intent.url, prompt: 'Summarise the page' } };
    case 'raw':
      return { name: intent.name, args: { ...intent.input } };
  }
}

/** Copilot CLI 1.0.102's tools (from its requests' `tools`): `bash`, `create`, `edit`, `view`, `web_fetch`. */
function copilotToolCall(intent: ToolIntent): { name: string; args: Record<string, unknown> } {
  switch (intent.kind) {
    case 'shell':
      return {
        name: 'bash',
        args: { command: intent.command, description: intent.reason ?? 'Run a command', mode: 'sync', initial_wait: 10 },
      };
    case 'write':
      return { name: 'create', args: { path: intent.path, file_text: intent.content } };
    case 'edit':
      return { name: 'edit', args: { path: intent.path, old_str: intent.oldText, new_str: intent.newText } };
    case 'read':
      return { name: 'view', args: { path: intent.path } };
    case 'fetch':
      return { name: 'web_fetch', args: { url: intent.url } };
    case 'raw':
      return { name: intent.name, args: { ...intent.input } };
  }
}

/** The client's own tool for an intent, told apart by the tools its request offers (opencode's names otherwise). */
function toolCall(intent: ToolIntent, tools: readonly string[]): { name: string; args: Record<string, unknown> } {
  if (tools.includes('run_shell_command')) return qwenToolCall(intent);
  if (tools.includes('bash') && tools.includes('create') && tools.includes('view')) return copilotToolCall(intent);
  switch (intent.kind) {
    case 'shell':
      return { name: 'bash', args: { command: intent.command, description: intent.reason ?? 'Run a command' } };
    case 'write':
      return { name: 'write', args: { filePath: intent.path, content: intent.content } };
    case 'edit':
      return { name: 'edit', args: { filePath: intent.path, oldString: intent.oldText, newString: intent.newText } };
    case 'read':
      return { name: 'read', args: { filePath: intent.path } };
    case 'fetch':
      return { name: 'webfetch', args: { url: intent.url, format: 'text' } };
    case 'raw':
      return { name: intent.name, args: { ...intent.input } };
  }
}

/** `/v1/models`. */
export function answerModels(res: Parameters<typeof sendJson>[0]): void {
  sendJson(res, 200, { object: 'list', data: [{ id: 'mock-model', object: 'model', created: 0, owned_by: 'mock' }] });
}

/** Answer one chat request with the step (SSE when asked). */
export async function answerChat(ctx: AnswerContext): Promise<void> {
  const { step, res, body } = ctx;
  const id = ctx.id('chatcmpl-');
  const model = String(body.model ?? 'mock-model');
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const call = 'tool' in step ? toolCall(step.tool, ctx.view.tools) : null;
  const callId = call ? ctx.id('call_') : '';
  if (call) ctx.rememberCall(callId, call.name);
  const say = step.say;
  if (body.stream !== true) {
    const message: Record<string, unknown> = { role: 'assistant', content: say ?? null };
    if (call) message.tool_calls = [{ id: callId, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }];
    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created: 0,
      model,
      choices: [{ index: 0, message, finish_reason: call ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
    return;
  }
  startSse(res);
  sendEvent(res, chunk({ role: 'assistant', content: '' }, null));
  if (say) {
    const slow = 'slow' in step ? step.slow : undefined;
    for (const piece of chunksOf(say, slow?.chunks ?? 1)) {
      if (slow && !(await pace(res, slow.delayMs))) return;
      sendEvent(res, chunk({ content: piece }, null));
    }
  }
  if (call)
    sendEvent(
      res,
      chunk(
        { tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }] },
        null,
      ),
    );
  sendEvent(res, chunk({}, call ? 'tool_calls' : 'stop'));
  sendEvent(res, {
    id,
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
  sendEvent(res, '[DONE]');
  res.end();
}
