/**
 * Cursor agent screen helpers. Built from public docs (cursor.com/docs/cli), third-party pane
 * captures quoted in public code (omnigent's cursor_native_permissions tests, awslabs
 * cli-agent-orchestrator's cursor provider) and the peer captures of Cursor agent 2026.09.26
 * (test/fixtures/peer-screens); none captured here.
 */

/** A line without the box border characters around it, trimmed. Pure border lines become ''. */
export function unbox(line: string): string {
  let t = line.trim();
  if (/^[┌┐└┘╭╮╰╯─━┄┈\s]+$/.test(t)) return '';
  if (t.startsWith('│') || t.startsWith('┃')) t = t.slice(1);
  if (t.endsWith('│') || t.endsWith('┃')) t = t.slice(0, -1);
  return t.trim();
}

/** The bottom `count` visible lines, unboxed, with their indices (top first). */
export function bottom(lines: readonly string[], count: number): { text: string; index: number }[] {
  const from = Math.max(0, lines.length - count);
  return lines.slice(from).map((l, k) => ({ text: unbox(l), index: from + k }));
}
