/** Augment's API (`<tenantURL>chat-stream`, JSON lines, plus the start-up calls) as auggie calls it. */
import type { ServerResponse } from 'node:http';
import type { ToolIntent } from './script.ts';
import { chunksOf } from './script.ts';
import { pace, sendJson } from './sse.ts';
import type { AnswerContext, TurnView } from './types.ts';

type Node = Record<string, unknown> & { tool_result_node?: Record<string, unknown>; text_node?: { content?: string } };
type Exchange = { request_message?: string; request_nodes?: Node[] };

const nodesOf = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);
const isContinuation = (nodes: Node[]) => nodes.some((n) => n.tool_result_node);
const promptText = (message: unknown, nodes: Node[]) =>
  [typeof message === 'string' ? message : '', ...nodes.map((n) => n.text_node?.content ?? '')].filter((t) => t !== '').join('\n');

/** Read a chat-stream request. */
export function viewAugment(body: Record<string, unknown>): TurnView {
  const history = (Array.isArray(body.chat_history) ? body.chat_history : []) as Exchange[];
  const exchanges = [
    ...history.map((e) => ({ message: e.request_message, nodes: nodesOf(e.request_nodes) })),
    { message: body.message, nodes: nodesOf(body.nodes) },
  ];
  let promptAt = -1;
  for (let i = exchanges.length - 1; i >= 0; i--) {
    if (!isContinuation(exchanges[i]!.nodes)) {
      promptAt = i;
      break;
    }
  }
  const current = exchanges.at(-1)!;
  const results = current.nodes
    .filter((n) => n.tool_result_node)
    .map((n) => {
      const r = n.tool_result_node!;
      return { callId: String(r.tool_use_id), tool: null, content: String(r.content ?? ''), isError: r.is_error === true };
    });
  const tools = (Array.isArray(body.tool_definitions) ? body.tool_definitions : []).map((t: { name?: string }) => String(t.name ?? ''));
  const prompt = promptAt < 0 ? null : promptText(exchanges[promptAt]!.message, exchanges[promptAt]!.nodes);
  return { prompt, answered: promptAt < 0 ? 0 : exchanges.length - 1 - promptAt, results, aux: body.silent === true, tools };
}

function toolCall(intent: ToolIntent): { name: string; input: Record<string, unknown> } {
  switch (intent.kind) {
    case 'shell':
      return { name: 'launch-process', input: { command: intent.command, wait: true, max_wait_seconds: 30 } };
    case 'write':
      return { name: 'save-file', input: { path: intent.path, file_content: intent.content } };
    case 'edit':
      return {
        name: 'str-replace-editor',
        input: { command: 'str_replace', path: intent.path, str_replace_entries: [{ old_str: intent.oldText, new_str: intent.newText }] },
      };
    case 'read':
      return { name: 'view', input: { path: intent.path, type: 'file' } };
    case 'fetch':
      return { name: 'web-fetch', input: { url: intent.url } };
    case 'raw':
      return { name: intent.name, input: { ...intent.input } };
  }
}

/** The start-up and bookkeeping calls: models, remote tools; `{}` for the rest. */
export function answerAugmentSide(path: string, res: ServerResponse): void {
  if (path === '/get-models') {
    sendJson(res, 200, {
      default_model: 'mock-model',
      models: [{ name: 'mock-model', internal_name: 'mock-model', suggested_prefix_char_count: 0, suggested_suffix_char_count: 0 }],
      feature_flags: {},
    });
    return;
  }
  if (path === '/agents/list-remote-tools') {
    sendJson(res, 200, { tools: [] });
    return;
  }
  sendJson(res, 200, {});
}

/** Answer one chat-stream request as JSON lines. */
export async function answerAugment(ctx: AnswerContext): Promise<void> {
  const { step, res } = ctx;
  res.writeHead(200, { 'content-type': 'application/json' });
  const line = (obj: unknown) => {
    if (!res.destroyed) res.write(`${JSON.stringify(obj)}\n`);
  };
  const say = step.say;
  if (say) {
    const slow = 'slow' in step ? step.slow : undefined;
    for (const piece of chunksOf(say, slow?.chunks ?? 1)) {
      if (slow && !(await pace(res, slow.delayMs))) return;
      line({ text: piece, nodes: [] });
    }
  }
  if ('tool' in step) {
    const call = toolCall(step.tool);
    const id = ctx.id('tooluse_');
    ctx.rememberCall(id, call.name);
    line({
      text: '',
      nodes: [{ id: 2, type: 5, content: '', tool_use: { tool_use_id: id, tool_name: call.name, input_json: JSON.stringify(call.input) } }],
      stop_reason: 3,
    });
  } else {
    line({ text: '', nodes: [{ id: 1, type: 0, content: say ?? '' }], stop_reason: 1 });
  }
  res.end();
}
