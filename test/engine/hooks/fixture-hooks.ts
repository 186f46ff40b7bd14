/** Loads the recorded Claude Code hook fixtures (test/fixtures/hooks/claude, both versions). */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const HOOK_FIXTURE_DIRS = ['test/fixtures/hooks/claude', 'test/fixtures/hooks/claude/v2.1.197'] as const;

/** One recorded hook invocation: the payload on stdin and the environment the hook saw. */
export interface RecordedHook {
  readonly file: string;
  readonly event: string;
  readonly env: Record<string, string>;
  readonly payload: Record<string, unknown>;
}

/** Every payload of every `*.all.jsonl` in both versions. */
export function allRecordedHooks(): RecordedHook[] {
  const out: RecordedHook[] = [];
  for (const dir of HOOK_FIXTURE_DIRS) {
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.all.jsonl'))
      .sort()) {
      const file = path.join(dir, name);
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        const entry = JSON.parse(line) as { hook_event: string; env: Record<string, string>; payload: Record<string, unknown> };
        out.push({ file, event: entry.hook_event, env: entry.env, payload: entry.payload });
      }
    }
  }
  return out;
}

/** One single-example payload file (`PermissionRequest.json`, `Notification.idle_prompt.json`). */
export function hookExample(name: string, dir: string = HOOK_FIXTURE_DIRS[0]): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
}
