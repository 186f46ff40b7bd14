/** The real codex CLI under the real engine (pinned version, or the newest with --latest). */
import { defineLiveSuite } from './suite.ts';

defineLiveSuite({
  id: 'codex',
  firstRunDialog: true,
  denyWithMessage: true,
  cases: [
    { tool: 'shell', decision: 'approve' },
    { tool: 'shell', decision: 'deny' },
    { tool: 'write', decision: 'approve' },
    { tool: 'edit', decision: 'deny' },
  ],
});
