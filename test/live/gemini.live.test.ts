/** The real Gemini CLI under the real engine (pinned version, or the newest with --latest). */
import { defineLiveSuite } from './suite.ts';

// Gemini CLI 0.61.0 reads files outside the workspace without asking (no `read` case); Esc and the No row
// cancel the turn, so a denied tool sends the model nothing (the suite checks the tool did not run).
defineLiveSuite({
  id: 'gemini',
  firstRunDialog: true,
  denyWithMessage: true,
  cases: [
    { tool: 'shell', decision: 'approve' },
    { tool: 'shell', decision: 'deny' },
    { tool: 'write', decision: 'approve' },
    { tool: 'edit', decision: 'deny' },
    { tool: 'fetch', decision: 'deny' },
  ],
});
