/** kiro-cli prompt edge cases. */
import { describe, expect, it } from 'vitest';
import { kiroRuntime } from '../../../../main/engine/runtimes/kiro/index.ts';
import { loadCapture } from '../codex/fixture-files.ts';

describe('kiro prompts', () => {
  it('does not take the answer line of a classic prompt for an idle prompt', () => {
    const lines = loadCapture('kiro', 'perm-classic').lines;
    expect(kiroRuntime.classify({ lines: [...lines.slice(0, -1), '> y'] }).kind).toBe('permission');
  });

  it('is no prompt once output follows the classic question', () => {
    const lines = [...loadCapture('kiro', 'perm-classic').lines, '> y', '', ' ✓ Successfully ran git status', '[default] >'];
    expect(kiroRuntime.classify({ lines }).kind).toBe('idle');
  });

  it('reads the one-row Yes / No / Always allow form of the terminal UI', () => {
    const lines = [' shell requires approval', '   rm -rf build', ' Yes    No    Always allow'];
    const screen = kiroRuntime.classify({ lines });
    expect(screen.kind === 'permission' && screen.options.map((o) => o.label)).toEqual(['Yes', 'No', 'Always allow']);
  });

  it('reads the subject of an MCP tool call from its "Running … with the param" line', () => {
    const lines = [
      '🛠️  Using tool: search_documentation from mcp server aws-docs',
      ' ⋮',
      ' ● Running search_documentation with the param:',
      ' ⋮  {}',
      '',
      "Allow this action? Use 't' to trust (always allow) this tool for the session. [y/n/t]:",
    ];
    const screen = kiroRuntime.classify({ lines });
    expect(screen.kind === 'permission' && [screen.tool, screen.subject]).toEqual(['search_documentation', 'search_documentation']);
  });
});
