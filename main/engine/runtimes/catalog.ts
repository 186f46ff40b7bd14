/** Every runtime module, in detection order, and lookup by id. */
import { auggieRuntime } from './auggie/index.ts';
import { claudeRuntime } from './claude/index.ts';
import { codexRuntime } from './codex/index.ts';
import { cursorRuntime } from './cursor/index.ts';
import { geminiRuntime } from './gemini/index.ts';
import { qwenRuntime } from './qwen/index.ts';
import { copilotRuntime } from './copilot/index.ts';
import { kiroRuntime } from './kiro/index.ts';
import { opencodeRuntime } from './opencode/index.ts';
import type { RuntimeId, RuntimeModule } from './types.ts';

/** All runtimes. Order matters only for panes that could match two (none known). */
export const RUNTIMES: readonly RuntimeModule[] = [
  claudeRuntime,
  codexRuntime,
  opencodeRuntime,
  cursorRuntime,
  kiroRuntime,
  auggieRuntime,
  geminiRuntime,
  qwenRuntime,
  copilotRuntime,
];

/** The module for an id (every RuntimeId has one). */
export function runtimeById(id: RuntimeId): RuntimeModule {
  const found = RUNTIMES.find((r) => r.id === id);
  if (!found) throw new Error(`unknown runtime ${id}`);
  return found;
}
