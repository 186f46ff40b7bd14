/** The real Qwen Code under the real engine (pinned version, or the newest with --latest). */
import { defineLiveSuite } from './suite.ts';

// Qwen Code 0.24.4 asks before reading a file outside the project; its edit needs a read first (turns.ts).
// Esc and the No row cancel the turn, so a denied tool sends the model nothing (the suite checks it did not run).
defineLiveSuite({
  id: 'qwen',
  firstRunDialog: true,
  denyWithMessage: true,
  cases: [
    { tool: 'shell', decision: 'approve' },
    { tool: 'shell', decision: 'deny' },
    { tool: 'write', decision: 'approve' },
    { tool: 'edit', decision: 'deny' },
    { tool: 'read', decision: 'approve' },
  ],
});
