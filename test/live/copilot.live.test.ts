/** The real GitHub Copilot CLI under the real engine (pinned version, or the newest with --latest). */
import { defineLiveSuite } from './suite.ts';

// Copilot CLI 1.0.102 offline offers no web fetch tool. Esc cancels a call (deny on shell/create/edit); the path
// prompt's `No (Esc)` row rejects at once (deny `4`).
defineLiveSuite({
  id: 'copilot',
  firstRunDialog: true,
  denyWithMessage: true,
  denyWithLongMessage: true,
  cases: [
    { tool: 'shell', decision: 'approve' },
    { tool: 'shell', decision: 'deny' },
    { tool: 'write', decision: 'approve' },
    { tool: 'edit', decision: 'deny' },
    { tool: 'read', decision: 'deny' },
  ],
});
