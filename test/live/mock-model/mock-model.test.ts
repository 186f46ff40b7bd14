/** The mock model server speaks each protocol well enough to script a tool call and record its result (no CLI needed). */
import { afterEach, describe, expect, it } from 'vitest';
import type { MockModel } from './server.ts';
import { DEFAULT_REPLY, DONE_REPLY, startMockModel } from './server.ts';

let mock: MockModel | null = null;
afterEach(async () => {
  await mock?.close();
  mock = null;
});

async function post(path: string, body: unknown): Promise<string> {
  const res = await fetch(`${mock!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The `data:` payloads of an SSE body. */
const events = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);

describe('mock model server', () => {
  it('anthropic: scripted tool_use, then records the tool_result and ends the turn', async () => {
    mock = await startMockModel();
    mock.script('[[run]]', [{ tool: { kind: 'shell', command: 'echo hi' } }]);
    const tools = [{ name: 'Bash' }];
    const first = events(await post('/v1/messages', { stream: true, tools, messages: [{ role: 'user', content: 'please [[run]]' }] }));
    const start = first.find((e) => e.type === 'content_block_start' && (e.content_block as { type: string }).type === 'tool_use');
    const call = start!.content_block as { id: string; name: string };
    expect(call.name).toBe('Bash');
    const json = first
      .filter((e) => e.type === 'content_block_delta')
      .map((e) => (e.delta as { partial_json?: string }).partial_json ?? '')
      .join('');
    expect(JSON.parse(json)).toMatchObject({ command: 'echo hi' });
    expect(first.find((e) => e.type === 'message_delta')).toMatchObject({ delta: { stop_reason: 'tool_use' } });

    const messages = [
      { role: 'user', content: 'please [[run]]' },
      { role: 'assistant', content: [{ type: 'tool_use', id: call.id, name: 'Bash', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'hi', is_error: false }] },
    ];
    const second = events(await post('/v1/messages', { stream: true, tools, messages }));
    expect(
      second
        .filter((e) => e.type === 'content_block_delta')
        .map((e) => (e.delta as { text: string }).text)
        .join(''),
    ).toBe(DONE_REPLY);
    expect(mock.results()).toEqual([{ protocol: 'anthropic', callId: call.id, tool: 'Bash', content: 'hi', isError: false }]);
  });

  it('anthropic: a prompt sent together with a refused tool result starts its own scripted turn', async () => {
    mock = await startMockModel();
    mock.script('[[run]]', [{ tool: { kind: 'shell', command: 'echo hi' } }]);
    mock.script('[[write]]', [{ tool: { kind: 'write', path: '/p/a.txt', content: 'x' } }]);
    const messages = [
      { role: 'user', content: 'please [[run]]' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'The user does not want to proceed', is_error: true },
          { type: 'text', text: '<system-reminder>context</system-reminder>' },
          { type: 'text', text: 'now [[write]]' },
        ],
      },
    ];
    const answer = events(await post('/v1/messages', { stream: true, tools: [{ name: 'Bash' }, { name: 'Write' }], messages }));
    expect(answer.find((e) => e.type === 'content_block_start')).toMatchObject({ content_block: { type: 'tool_use', name: 'Write' } });
    expect(mock.results()).toMatchObject([{ callId: 't1', isError: true }]);
  });

  it('a side request without tools never takes a scripted step', async () => {
    mock = await startMockModel();
    mock.script('[[run]]', [{ tool: { kind: 'shell', command: 'echo hi' } }]);
    const body = await post('/v1/messages', { stream: false, messages: [{ role: 'user', content: 'title for [[run]]' }] });
    expect(JSON.parse(body)).toMatchObject({ stop_reason: 'end_turn' });
    expect(mock.turns()).toEqual([]);
  });

  it('responses: an unscripted prompt gets the default text; a function_call_output is recorded', async () => {
    mock = await startMockModel();
    const tools = [{ type: 'function', name: 'exec_command' }];
    const hello = events(
      await post('/v1/responses', { tools, input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello' }] }] }),
    );
    expect(hello.find((e) => e.type === 'response.output_text.delta')).toMatchObject({ delta: DEFAULT_REPLY });
    expect(hello.at(-1)).toMatchObject({ type: 'response.completed' });
    mock.script('[[run]]', [{ tool: { kind: 'shell', command: 'touch x' } }]);
    const user = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'do [[run]]' }] };
    const call = events(await post('/v1/responses', { tools, input: [user] })).find((e) => e.type === 'response.output_item.done')!
      .item as Record<string, string>;
    expect(call).toMatchObject({ type: 'function_call', name: 'exec_command' });
    expect(JSON.parse(call.arguments!)).toMatchObject({ cmd: 'touch x', sandbox_permissions: 'require_escalated' });
    await post('/v1/responses', {
      tools,
      input: [user, call, { type: 'function_call_output', call_id: call.call_id, output: 'Exit code: 0' }],
    });
    expect(mock.results()).toMatchObject([{ protocol: 'responses', tool: 'exec_command', content: 'Exit code: 0' }]);
  });

  it('chat: a tool_calls delta, then the tool message is recorded; /v1/models lists the model', async () => {
    mock = await startMockModel();
    mock.script('[[write]]', [{ tool: { kind: 'write', path: 'a.txt', content: 'x' } }]);
    const tools = [{ type: 'function', function: { name: 'write' } }];
    const user = { role: 'user', content: 'go [[write]]' };
    const first = events(await post('/v1/chat/completions', { stream: true, tools, messages: [user] }));
    const delta = first
      .map((e) => (e.choices as { delta?: { tool_calls?: { id: string; function: { name: string; arguments: string } }[] } }[])[0]?.delta)
      .find((d) => d?.tool_calls);
    const tc = delta!.tool_calls![0]!;
    expect(tc.function.name).toBe('write');
    expect(JSON.parse(tc.function.arguments)).toEqual({ filePath: 'a.txt', content: 'x' });
    await post('/v1/chat/completions', {
      stream: true,
      tools,
      messages: [user, { role: 'assistant', tool_calls: [tc] }, { role: 'tool', tool_call_id: tc.id, content: 'Wrote file successfully.' }],
    });
    expect(mock.results()).toMatchObject([{ protocol: 'chat', tool: 'write', isError: false }]);
    const models = (await (await fetch(`${mock.url}/v1/models`)).json()) as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toEqual(['mock-model']);
  });

  it('augment: JSON lines with a tool_use node, then a denied tool_result_node is recorded as an error', async () => {
    mock = await startMockModel();
    mock.script('[[shell]]', [{ tool: { kind: 'shell', command: 'echo a' } }]);
    const models = JSON.parse(await post('/get-models', {})) as { default_model: string };
    expect(models.default_model).toBe('mock-model');
    const lines = (
      await post('/chat-stream', { message: 'x [[shell]]', nodes: [], chat_history: [], tool_definitions: [{ name: 'launch-process' }] })
    )
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { stop_reason?: number; nodes: { tool_use?: { tool_use_id: string; tool_name: string } }[] });
    const use = lines.at(-1)!;
    expect(use.stop_reason).toBe(3);
    const id = use.nodes[0]!.tool_use!.tool_use_id;
    await post('/chat-stream', {
      message: '',
      chat_history: [{ request_message: 'x [[shell]]', request_nodes: [] }],
      nodes: [
        { id: 1, type: 1, tool_result_node: { tool_use_id: id, content: 'Tool execution denied by user: launch-process', is_error: true } },
      ],
    });
    expect(mock.results()).toEqual([
      { protocol: 'augment', callId: id, tool: 'launch-process', content: 'Tool execution denied by user: launch-process', isError: true },
    ]);
  });

  it('a slow stream stops when the client goes away', async () => {
    mock = await startMockModel();
    mock.script('[[slow]]', [{ say: 'a long answer that takes a while', slow: { chunks: 20, delayMs: 100 } }]);
    const controller = new AbortController();
    const res = await fetch(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ stream: true, tools: [{ function: { name: 'bash' } }], messages: [{ role: 'user', content: '[[slow]]' }] }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    const deadline = Date.now() + 10_000;
    while (mock.turns()[0]?.state === 'streaming' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(mock.turns()).toMatchObject([{ state: 'abandoned' }]);
  });
});

describe('screen normalising', () => {
  it('masks the temp dir, port, times, durations and random verbs, keeps the rest', async () => {
    const { normaliseScreen } = await import('../screens.ts');
    const screen =
      'Claude Code v2.1.332\n● Reading\n/tmp/tb-live-claude-AbC123/project  \n✻ Brewed for 12s · done 10:47 PM\n✽ Ruminating…\nhttp://127.0.0.1:40111/v1\n❯ 1. Yes\n\n\n';
    expect(normaliseScreen(screen)).toBe(
      'Claude Code v<version>\n  Reading\n<root>/project\n✻ <verb> for <n>s · done <time>\n✽ <verb>…\nhttp://127.0.0.1:<port>/v1\n❯ 1. Yes\n',
    );
  });

  it('gemini: streamed functionCall, the functionResponse recorded, JSON side calls answered by their schema, countTokens', async () => {
    mock = await startMockModel();
    mock.script('[[run]]', [{ tool: { kind: 'shell', command: 'echo hi' } }]);
    const tools = [{ functionDeclarations: [{ name: 'run_shell_command' }] }];
    const path = '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse';
    const first = events(await post(path, { tools, contents: [{ role: 'user', parts: [{ text: 'please [[run]]' }] }] }));
    const part = (
      first.at(-1) as {
        candidates: { content: { parts: { functionCall?: { id: string; name: string; args: unknown } }[] }; finishReason?: string }[];
      }
    ).candidates[0]!;
    expect(part.finishReason).toBe('STOP');
    const call = part.content.parts[0]!.functionCall!;
    expect(call).toMatchObject({ name: 'run_shell_command', args: { command: 'echo hi' } });
    const contents = [
      { role: 'user', parts: [{ text: 'please [[run]]' }] },
      { role: 'model', parts: [{ functionCall: call }] },
      { role: 'user', parts: [{ functionResponse: { id: call.id, name: call.name, response: { output: 'hi' } } }] },
    ];
    const second = events(await post(path, { tools, contents }));
    expect(JSON.stringify(second)).toContain(DONE_REPLY);
    expect(mock.results()).toEqual([{ protocol: 'gemini', callId: call.id, tool: 'run_shell_command', content: 'hi', isError: false }]);
    const side = JSON.parse(
      await post('/v1beta/models/gemini-2.5-flash:generateContent', {
        contents,
        generationConfig: {
          responseJsonSchema: {
            type: 'object',
            properties: { reasoning: { type: 'string' }, next_speaker: { type: 'string', enum: ['model', 'user'] } },
          },
        },
      }),
    ) as { candidates: { content: { parts: { text: string }[] } }[] };
    expect(JSON.parse(side.candidates[0]!.content.parts[0]!.text)).toMatchObject({ next_speaker: 'user' });
    expect(JSON.parse(await post('/v1beta/models/gemini-2.5-flash:countTokens', { contents }))).toEqual({ totalTokens: 42 });
  });

  it('gemini: after a cancelled call the next message is one more text part of the asking user content; it is the prompt', async () => {
    mock = await startMockModel();
    mock.script('[[run]]', [{ tool: { kind: 'shell', command: 'echo hi' } }]);
    const tools = [{ functionDeclarations: [{ name: 'run_shell_command' }] }];
    const path = '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse';
    // As Gemini CLI 0.61.0 sent it after `No, suggest changes` and a typed sentence (live deny --message).
    const contents = [
      {
        role: 'user',
        parts: [{ text: '<session_context>…</session_context>' }, { text: 'please [[run]]' }, { text: 'use the staging copy' }],
      },
    ];
    const answer = JSON.stringify(events(await post(path, { tools, contents })));
    expect(answer).not.toContain('functionCall');
    expect(mock.turns().at(-1)?.prompt).toBe('use the staging copy');
  });

  it.each([
    ['Qwen Code', ['run_shell_command', 'write_file', 'edit'], 'run_shell_command'],
    ['Copilot CLI', ['bash', 'create', 'view', 'edit'], 'bash'],
    ['opencode', ['bash', 'write', 'edit'], 'bash'],
  ])('chat: %s gets its own shell tool name, read from the tools it offers', async (_cli, names, expected) => {
    mock = await startMockModel();
    mock.script('[[run]]', [{ tool: { kind: 'shell', command: 'echo hi' } }]);
    const tools = names.map((name) => ({ type: 'function', function: { name } }));
    const body = { stream: false, tools, messages: [{ role: 'user', content: 'please [[run]]' }] };
    const answer = JSON.parse(await post('/v1/chat/completions', body)) as {
      choices: { message: { tool_calls: { function: { name: string } }[] } }[];
    };
    expect(answer.choices[0]!.message.tool_calls[0]!.function.name).toBe(expected);
  });

  it('a scripted failure answers with its HTTP status and ends the turn', async () => {
    mock = await startMockModel();
    mock.script('[[fail]]', [{ fail: { status: 400, message: 'refused' } }]);
    const res = await fetch(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tools: [{ type: 'function', function: { name: 'bash' } }],
        messages: [{ role: 'user', content: '[[fail]]' }],
      }),
    });
    expect(res.status).toBe(400);
    expect(mock.turns().at(-1)).toMatchObject({ state: 'finished' });
  });
});
