/** The real claude CLI under the real engine (pinned version, or the newest with --latest). */
import { defineLiveSuite } from './suite.ts';

defineLiveSuite({
  id: 'claude',
  denyWithMessage: true,
  cases: [
    { tool: 'shell', decision: 'approve' },
    { tool: 'shell', decision: 'deny' },
    { tool: 'write', decision: 'approve' },
    { tool: 'edit', decision: 'deny' },
    { tool: 'read', decision: 'approve' },
    { tool: 'fetch', decision: 'deny' },
  ],
});
