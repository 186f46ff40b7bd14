/** A stable identity for "the prompt the user saw", compared again right before any key is sent. */
import { createHash } from 'node:crypto';
import type { DialogScreen, PermissionPrompt } from '../types.ts';

/** Hash of everything that makes a prompt the same prompt: runtime, question, subject, options, highlight. */
export function fingerprintOf(screen: PermissionPrompt | DialogScreen): string {
  const parts =
    screen.kind === 'permission'
      ? [screen.kind, screen.runtime, screen.tool, screen.question, screen.subject]
      : [screen.kind, screen.runtime, screen.dialogId, screen.question];
  const options = screen.options.map((o) => [o.key, o.label, o.kind]);
  const json = JSON.stringify([...parts, options, screen.highlighted]);
  return createHash('sha256').update(json).digest('hex').slice(0, 20);
}
