/** Shared shapes of the mock model server: what a request meant and what a protocol adapter does. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Step } from './script.ts';

/** A tool's result as the CLI sent it back to the model (how a test tells ran from denied). */
export interface ToolResult {
  readonly protocol: Protocol;
  readonly callId: string;
  /** The CLI's tool name, when the protocol carries it (or the mock remembers the call). */
  readonly tool: string | null;
  readonly content: string;
  readonly isError: boolean;
}

/** Every request the mock saw, for debugging and for tests that check what a CLI sent. */
export interface RecordedRequest {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  /** A model request (true) or a side call (settings, title, telemetry...). */
  readonly turn: boolean;
}

export type Protocol = 'anthropic' | 'responses' | 'chat' | 'augment' | 'gemini';

/** What a model request asks, read the same way for every protocol. */
export interface TurnView {
  /** Text of the newest user prompt (null when none is found). */
  readonly prompt: string | null;
  /** How many model answers follow that prompt in the conversation (the script's step index). */
  readonly answered: number;
  /** Tool results this request carries that the mock has not recorded yet. */
  readonly results: readonly Omit<ToolResult, 'protocol'>[];
  /** A side request (title, summary) that must not move the script. */
  readonly aux: boolean;
  /** Tool names the CLI offered. */
  readonly tools: readonly string[];
}

/** What a protocol adapter gets to answer one request. */
export interface AnswerContext {
  readonly step: Step;
  readonly view: TurnView;
  readonly body: Record<string, unknown>;
  readonly res: ServerResponse;
  readonly req: IncomingMessage;
  /** A fresh id (unique per server) with the given prefix. */
  id(prefix: string): string;
  /** Remember which tool a call id belongs to (for protocols whose results carry only the id). */
  rememberCall(callId: string, tool: string): void;
}
