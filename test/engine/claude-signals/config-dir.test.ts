import { describe, expect, it } from 'vitest';
import { claudeConfigDir, claudeSessionsDir, claudeSettingsFile } from '../../../main/engine/claude-signals/config-dir.ts';

describe('claude config dir', () => {
  it('is ~/.claude by default', () => {
    expect(claudeSettingsFile({ env: {}, homedir: '/home/u' })).toBe('/home/u/.claude/settings.json');
    expect(claudeSessionsDir({ env: {}, homedir: '/home/u' })).toBe('/home/u/.claude/sessions');
  });

  it('respects CLAUDE_CONFIG_DIR', () => {
    expect(claudeConfigDir({ env: { CLAUDE_CONFIG_DIR: '/srv/claude' }, homedir: '/home/u' })).toBe('/srv/claude');
  });

  it('ignores a blank CLAUDE_CONFIG_DIR', () => {
    expect(claudeConfigDir({ env: { CLAUDE_CONFIG_DIR: '  ' }, homedir: '/home/u' })).toBe('/home/u/.claude');
  });
});
