/**
 * A scripted language-model server on loopback for the real agent CLIs: Anthropic Messages, OpenAI
 * Responses, OpenAI Chat Completions, the Gemini API and Augment's API, streamed. It answers each turn from a script
 * (keyed by a word in the prompt) and records every tool result the CLI sends back, so a test can tell
 * a tool that ran from one that was denied.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerAnthropic, expandAnthropic, viewAnthropic } from './anthropic.ts';
import { answerAugment, answerAugmentSide, viewAugment } from './augment.ts';
import { answerChat, answerModels, viewChat } from './chat.ts';
import { answerGemini, answerGeminiCount, geminiMethod, viewGemini } from './gemini.ts';
import { answerResponses, viewResponses } from './responses.ts';
import type { Step, Turn } from './script.ts';
import { pickStep } from './script.ts';
import { sendJson } from './sse.ts';
import type { AnswerContext, Protocol, RecordedRequest, ToolResult, TurnView } from './types.ts';

export type { Step, ToolIntent, Turn } from './script.ts';
export { DEFAULT_REPLY, DONE_REPLY } from './script.ts';
export type { Protocol, RecordedRequest, ToolResult } from './types.ts';

/** A model turn the mock answered. */
export interface AnsweredTurn {
  readonly protocol: Protocol;
  readonly prompt: string | null;
  readonly step: Step;
  /** `streaming` while the answer is being written, then `finished`, or `abandoned` when the client left first (Esc). */
  state: 'streaming' | 'finished' | 'abandoned';
}

/** A running mock model server. */
export interface MockModel {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** Add a scripted turn: a prompt containing `trigger` gets `steps`, one per model request. Later turns win. */
  script(trigger: string, steps: readonly Step[]): void;
  /** Tool results received, in order (each call id once). */
  results(): readonly ToolResult[];
  /** Tool calls the mock asked for, in order. */
  calls(): readonly { readonly callId: string; readonly tool: string }[];
  /** Model turns answered, in order (side requests excluded). */
  turns(): readonly AnsweredTurn[];
  /** Every request, in order. */
  requests(): readonly RecordedRequest[];
  close(): Promise<void>;
}

interface Route {
  readonly protocol: Protocol;
  view(body: Record<string, unknown>): TurnView;
  answer(ctx: AnswerContext): Promise<void>;
  expand?(steps: readonly Step[]): Step[];
}

const ROUTES: Readonly<Record<string, Route>> = {
  '/v1/messages': { protocol: 'anthropic', view: viewAnthropic, answer: answerAnthropic, expand: expandAnthropic },
  '/v1/responses': { protocol: 'responses', view: viewResponses, answer: answerResponses },
  '/v1/chat/completions': { protocol: 'chat', view: viewChat, answer: answerChat },
  '/chat-stream': { protocol: 'augment', view: viewAugment, answer: answerAugment },
};

/** Gemini's methods share one route per model path (`/v1beta/models/<model>:<method>`). */
const geminiRoute = (stream: boolean): Route => ({
  protocol: 'gemini',
  view: viewGemini,
  answer: (ctx) => answerGemini(ctx, stream),
});

/** A short answer for side requests (titles, summaries): never a tool call. */
const SIDE_STEP: Step = { say: 'Mock title' };

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Start the server on 127.0.0.1 (a free port unless given). */
export async function startMockModel(opts: { port?: number } = {}): Promise<MockModel> {
  const turns: Turn[] = [];
  const answered: AnsweredTurn[] = [];
  const results: ToolResult[] = [];
  const requests: RecordedRequest[] = [];
  const calls = new Map<string, string>();
  let counter = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
    const body = await readBody(req);
    const gemini = req.method === 'POST' ? geminiMethod(path) : null;
    const route =
      gemini === 'stream' || gemini === 'generate' ? geminiRoute(gemini === 'stream') : req.method === 'POST' ? ROUTES[path] : undefined;
    requests.push({ at: Date.now(), method: req.method ?? '', path, body, turn: route !== undefined });
    if (gemini === 'count') return answerGeminiCount(res);
    if (path === '/v1/messages/count_tokens') return sendJson(res, 200, { input_tokens: 42 });
    if (path === '/v1/models' && req.method === 'GET') return answerModels(res);
    if (!route) {
      if (req.method === 'POST' && !path.startsWith('/v1/')) return answerAugmentSide(path, res);
      return sendJson(res, 200, {});
    }
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const view = route.view(record);
    for (const r of view.results) {
      if (results.some((seen) => seen.callId === r.callId)) continue;
      results.push({ ...r, protocol: route.protocol, tool: r.tool ?? calls.get(r.callId) ?? null });
    }
    const scripted = view.aux
      ? SIDE_STEP
      : pickStep(
          turns.map((t) => ({ trigger: t.trigger, steps: route.expand ? route.expand(t.steps) : t.steps })),
          view.prompt,
          view.answered,
        );
    const turn: AnsweredTurn = { protocol: route.protocol, prompt: view.prompt, step: scripted, state: 'streaming' };
    if (!view.aux) answered.push(turn);
    if ('fail' in scripted) {
      const { status, message } = scripted.fail;
      sendJson(res, status, { error: { code: status, message, status: 'INVALID_ARGUMENT', type: 'invalid_request_error' } });
      turn.state = 'finished';
      return;
    }
    await route.answer({
      step: scripted,
      view,
      body: record,
      res,
      req,
      id: (prefix) => `${prefix}${String(++counter).padStart(6, '0')}`,
      rememberCall: (callId, tool) => calls.set(callId, tool),
    });
    turn.state = res.writableEnded && !res.destroyed ? 'finished' : 'abandoned';
    if (!res.writableEnded) res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    script: (trigger, steps) => turns.push({ trigger, steps: [...steps] }),
    results: () => [...results],
    turns: () => [...answered],
    calls: () => [...calls].map(([callId, tool]) => ({ callId, tool })),
    requests: () => [...requests],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
