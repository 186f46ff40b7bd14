/** The fixed lines of the snapshot format, and escaping of conversation text that imitates them. */

export const USER_HEADER = '=== USER ===';
export const ASSISTANT_HEADER = '=== ASSISTANT ===';
/** Closes what Trail Boss wrote; anything an agent appends after it (a `## Resume Plan`) is the agent's. */
export const END_MARKER = '<!-- trailboss: end of snapshot -->';
export const RESUME_PLAN_HEADING = '## Resume Plan';

const IMITATION = /^(?:=== (?:USER|ASSISTANT)\b|<!-- trailboss:|## Resume Plan\s*$|\\+(?:=== |<!-- trailboss:|## Resume Plan))/;

/**
 * Conversation text is quoted verbatim except lines that look like our own structure (a snapshot
 * pasted into a conversation, an assistant writing "## Resume Plan"): those get a leading backslash,
 * so block headers and the plan section can always be found without ambiguity.
 */
export function escapeLine(line: string): string {
  return IMITATION.test(line) ? `\\${line}` : line;
}

/** Message text as escaped lines (CRLF tolerated). */
export function textLines(text: string): string[] {
  return text.split(/\r?\n/).map(escapeLine);
}
