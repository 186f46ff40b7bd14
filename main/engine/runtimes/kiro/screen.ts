/**
 * kiro-cli screen helpers. Built from public docs (kiro.dev/docs/cli), third-party captures quoted in
 * public code (awslabs cli-agent-orchestrator's kiro_cli provider, Q CLI / Kiro CLI transcripts) and
 * the peer captures of Kiro CLI 2.24–2.27 (test/fixtures/peer-screens); none captured here.
 */

/** The last `count` non-blank lines, trimmed, top first, with their indices. */
export function lastNonBlank(lines: readonly string[], count: number): { text: string; index: number }[] {
  const out: { text: string; index: number }[] = [];
  for (let i = lines.length - 1; i >= 0 && out.length < count; i--) {
    const text = (lines[i] ?? '').trim();
    if (text !== '') out.unshift({ text, index: i });
  }
  return out;
}
