/**
 * The Gemini API as Gemini CLI calls it in gateway mode (`GOOGLE_GEMINI_BASE_URL`):
 * `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` (SSE of GenerateContentResponse),
 * `:generateContent` (one JSON answer; also Gemini CLI's side calls such as the next-speaker check and
 * the model router, which ask for JSON through `responseJsonSchema`) and `:countTokens`.
 * A tool call is a `functionCall` part; its result comes back as a `functionResponse` part.
 */
import type { ToolIntent } from './script.ts';
import { chunksOf } from './script.ts';
import { pace, sendEvent, sendJson, startSse } from './sse.ts';
import type { AnswerContext, TurnView } from './types.ts';

type Part = Record<string, unknown> & { text?: string; functionCall?: Record<string, unknown>; functionResponse?: Record<string, unknown> };
type Content = { role?: string; parts?: Part[] };

const partsOf = (c: Content | undefined): Part[] => (Array.isArray(c?.parts) ? c.parts : []);
const textOf = (c: Content): string =>
  partsOf(c)
    .filter((p) => typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
const hasResponse = (c: Content) => partsOf(c).some((p) => p.functionResponse !== undefined);
/** A user turn the user typed (not one carrying tool results only). */
const isPrompt = (c: Content) => c.role === 'user' && !hasResponse(c) && textOf(c).trim() !== '';

/** Which Gemini API method a path names (`…/models/gemini-x:streamGenerateContent`), or null. */
export function geminiMethod(path: string): 'stream' | 'generate' | 'count' | null {
  if (!/^\/v1(beta|alpha)?\/models\/[^/]+:/.test(path)) return null;
  if (path.endsWith(':streamGenerateContent')) return 'stream';
  if (path.endsWith(':generateContent')) return 'generate';
  if (path.endsWith(':countTokens')) return 'count';
  return null;
}

/** Read a generateContent request. Requests without tools (JSON side calls) are aux. */
export function viewGemini(body: Record<string, unknown>): TurnView {
  const contents = (Array.isArray(body.contents) ? body.contents : []) as Content[];
  const tools = (Array.isArray(body.tools) ? body.tools : []).flatMap((t: { functionDeclarations?: { name?: string }[] }) =>
    (t.functionDeclarations ?? []).map((d) => String(d.name ?? '')),
  );
  let promptAt = -1;
  for (let i = contents.length - 1; i >= 0; i--) {
    if (isPrompt(contents[i]!)) {
      promptAt = i;
      break;
    }
  }
  const answered = promptAt < 0 ? 0 : contents.slice(promptAt + 1).filter((c) => c.role === 'model').length;
  const results = partsOf(contents.at(-1))
    .filter((p) => p.functionResponse !== undefined)
    .map((p) => {
      const r = p.functionResponse ?? {};
      const response = (r.response ?? {}) as Record<string, unknown>;
      const content = typeof response.output === 'string' ? response.output : JSON.stringify(response);
      return {
        callId: String(r.id ?? r.name ?? ''),
        tool: typeof r.name === 'string' ? r.name : null,
        content,
        isError: response.error !== undefined,
      };
    });
  const config = (body.generationConfig ?? {}) as Record<string, unknown>;
  const aux = tools.length === 0 || config.responseJsonSchema !== undefined || config.responseSchema !== undefined;
  // The newest text part is the prompt: after a cancelled call Gemini CLI 0.61.0 drops the model's turn and
  // sends the next message as one more text part of the same user content (after the one that asked).
  const prompt =
    promptAt < 0
      ? null
      : (partsOf(contents[promptAt])
          .filter((p) => typeof p.text === 'string' && p.text.trim() !== '')
          .at(-1)?.text ?? null);
  return { prompt, answered, results, aux, tools };
}

/** Gemini CLI's tool and arguments for an intent (names from the 0.61.0 bundle's declarations). */
function toolCall(intent: ToolIntent): { name: string; args: Record<string, unknown> } {
  switch (intent.kind) {
    case 'shell':
      return { name: 'run_shell_command', args: { command: intent.command, description: intent.reason ?? 'Run a command' } };
    case 'write':
      return { name: 'write_file', args: { file_path: intent.path, content: intent.content } };
    case 'edit':
      return {
        name: 'replace',
        args: { file_path: intent.path, old_string: intent.oldText, new_string: intent.newText, instruction: 'Edit the line' },
      };
    case 'read':
      return { name: 'read_file', args: { file_path: intent.path } };
    case 'fetch':
      return { name: 'web_fetch', args: { prompt: `Summarise ${intent.url}` } };
    case 'raw':
      return { name: intent.name, args: { ...intent.input } };
  }
}

/** A value that fits a JSON schema, for the CLI's JSON side calls (the next speaker is always the user). */
function fitSchema(schema: unknown, name = ''): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  const type = String(s.type ?? '').toLowerCase();
  if (name === 'next_speaker') return 'user';
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (type === 'object' || s.properties !== undefined) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fitSchema(v, k)]));
  }
  if (type === 'array') return [];
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'boolean') return false;
  return 'mock';
}

const usage = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

/** Answer `:countTokens`. */
export function answerGeminiCount(res: Parameters<typeof sendJson>[0]): void {
  sendJson(res, 200, { totalTokens: 42 });
}

/** Answer one generateContent request (SSE for `:streamGenerateContent`). */
export async function answerGemini(ctx: AnswerContext, stream: boolean): Promise<void> {
  const { step, res, body, view } = ctx;
  const config = (body.generationConfig ?? {}) as Record<string, unknown>;
  const schema = config.responseJsonSchema ?? config.responseSchema;
  const response = (parts: Part[], finish: string | null) => ({
    candidates: [{ content: { role: 'model', parts }, ...(finish ? { finishReason: finish } : {}), index: 0 }],
    usageMetadata: usage,
    modelVersion: String(body.model ?? 'gemini-mock'),
  });
  if (view.aux && schema !== undefined) {
    const text = JSON.stringify(fitSchema(schema));
    if (stream) {
      startSse(res);
      sendEvent(res, response([{ text }], 'STOP'));
      res.end();
    } else sendJson(res, 200, response([{ text }], 'STOP'));
    return;
  }
  const call = 'tool' in step ? toolCall(step.tool) : null;
  const callId = call ? ctx.id('gcall_') : '';
  if (call) ctx.rememberCall(callId, call.name);
  const callPart: Part | null = call ? { functionCall: { id: callId, name: call.name, args: call.args } } : null;
  const say = step.say;
  if (!stream) {
    sendJson(res, 200, response([...(say ? [{ text: say }] : []), ...(callPart ? [callPart] : [])], 'STOP'));
    return;
  }
  startSse(res);
  // The last event carries the finish reason (an event with no parts reads as an empty answer).
  const pieces = say ? chunksOf(say, 'slow' in step ? (step.slow?.chunks ?? 1) : 1) : [];
  const slow = 'slow' in step ? step.slow : undefined;
  for (const [i, piece] of pieces.entries()) {
    if (slow && !(await pace(res, slow.delayMs))) return;
    const last = i === pieces.length - 1 && !callPart;
    sendEvent(res, response([{ text: piece }], last ? 'STOP' : null));
  }
  if (callPart) sendEvent(res, response([callPart], 'STOP'));
  res.end();
}
