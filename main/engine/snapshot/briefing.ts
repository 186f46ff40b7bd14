/** The briefing a resumed session gets: its snapshot, framed as the first thing it must act on. Pure. */

/** Starts every briefing, so a later snapshot can tell a briefing from a prompt a human typed. */
export const RESUME_MARKER = '[trailboss:resume]';

/** Frame `snapshot` as an instruction the new session acts on before anything else. */
export function briefingText(snapshot: string, agent: string): string {
  return [
    `${RESUME_MARKER} You are resuming work that a previous session of this agent (${agent}) started.`,
    'That session was restarted, and this is the snapshot it left: its conversation with the user, and the state of the repository.',
    'Read it before anything else: this is your first action. Work out where the previous session stopped, then continue the task from there.',
    'If it ends with a "## Resume Plan", follow that plan. Do not redo work that is already done, and do not reply to this message itself.',
    '',
    '<snapshot>',
    snapshot.trimEnd(),
    '</snapshot>',
    '',
  ].join('\n');
}
