/** The protocol-neutral script of a mock model: what each turn asks for, keyed by a word in the user's prompt. */

/** One tool the model asks the CLI to run; each protocol maps it onto that CLI's own tool. */
export type ToolIntent =
  | { readonly kind: 'shell'; readonly command: string; readonly reason?: string }
  | { readonly kind: 'write'; readonly path: string; readonly content: string }
  | { readonly kind: 'edit'; readonly path: string; readonly oldText: string; readonly newText: string }
  | { readonly kind: 'read'; readonly path: string }
  | { readonly kind: 'fetch'; readonly url: string }
  /** A tool call spelled exactly as the CLI names it (escape hatch for CLI-only tools). */
  | { readonly kind: 'raw'; readonly name: string; readonly input: Readonly<Record<string, unknown>> };

/** One model answer: text (ends the turn) or a tool call (the CLI answers with the tool's result). */
export type Step =
  | { readonly say: string; readonly slow?: SlowStream }
  | { readonly tool: ToolIntent; readonly say?: string }
  /** The model server refuses the request with this HTTP status (the CLI's error screens). */
  | { readonly fail: { readonly status: number; readonly message: string }; readonly say?: undefined };

/** Stream the text in `chunks` pieces, `delayMs` apart: a turn that takes a while (the working screens). */
export interface SlowStream {
  readonly chunks: number;
  readonly delayMs: number;
}

/** A scripted turn: when a prompt contains `trigger`, the model's answers are `steps`, one per request. */
export interface Turn {
  readonly trigger: string;
  readonly steps: readonly Step[];
}

/** What the model says when the prompt matches no scripted turn, or a script has run out. */
export const DEFAULT_REPLY = 'Hello from the mock LLM. Nothing to do.';
export const DONE_REPLY = 'Done with the scripted turn.';

/** The step answering a request: which prompt started the turn and how many answers the model gave since. */
export function pickStep(turns: readonly Turn[], prompt: string | null, answered: number): Step {
  const turn = prompt === null ? undefined : [...turns].reverse().find((t) => prompt.includes(t.trigger));
  if (!turn) return { say: answered === 0 ? DEFAULT_REPLY : DONE_REPLY };
  return turn.steps[answered] ?? { say: DONE_REPLY };
}

/** Text cut into `n` nearly equal pieces (at least one). */
export function chunksOf(text: string, n: number): string[] {
  const count = Math.max(1, Math.min(n, text.length));
  const size = Math.ceil(text.length / count);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}
