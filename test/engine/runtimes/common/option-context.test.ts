import { describe, expect, it } from 'vitest';
import { classifyOptionLabels, splitDescription } from '../../../../main/engine/runtimes/common/option-context.ts';

describe('option kinds from the whole menu', () => {
  it('reads a bare action as single-use when a sibling states the wider scope', () => {
    expect(classifyOptionLabels(['Allow search (y)', 'Run Everything (shift+tab)', 'Skip (esc or n)'])).toEqual(['once', 'always', 'deny']);
    expect(classifyOptionLabels(['Fetch (y)', 'Always allow [example.com](https://example.com) (tab)', 'Skip (esc or n)'])).toEqual([
      'once',
      'always',
      'deny',
    ]);
  });

  it('does not count a lasting no as the sibling that states the wider scope', () => {
    expect(classifyOptionLabels(['Fetch (y)', 'No, and block this host in the future (d)'])).toEqual(['other', 'other']);
  });

  it('leaves a bare action unapprovable when no sibling states a wider scope', () => {
    expect(classifyOptionLabels(['Fetch (y)', 'Skip (esc or n)'])).toEqual(['other', 'deny']);
    expect(classifyOptionLabels(['Allow search (y)', 'Skip (esc or n)'])).toEqual(['always', 'deny']);
  });

  it('promotes nothing when two bare actions compete or a single-use row is already there', () => {
    expect(classifyOptionLabels(['Fetch (y)', 'Run command (r)', 'Always allow (tab)', 'Skip (n)'])).toEqual([
      'other',
      'other',
      'always',
      'deny',
    ]);
    expect(classifyOptionLabels(['Yes', 'Allow search', 'Yes, and always allow'])).toEqual(['once', 'always', 'always']);
  });

  it('never promotes a row with a target, a scope or an "and" in it', () => {
    expect(classifyOptionLabels(['Allow rm -rf /', 'Always allow (tab)'])[0]).not.toBe('once');
    expect(classifyOptionLabels(['Run and continue', 'Run Everything'])[0]).not.toBe('once');
    expect(classifyOptionLabels(['Allow for this folder', 'Always allow'])[0]).toBe('always');
  });

  it('judges a label by its first column, not its description', () => {
    expect(
      classifyOptionLabels([
        'Allow                   Run the tool and continue.',
        'Allow for this session  Run the tool and remember this choice for this session.',
        'Always allow            Run the tool and remember this choice for future tool calls.',
        'Cancel                  Cancel this tool call',
      ]),
    ).toEqual(['once', 'always', 'always', 'deny']);
  });

  it('lets a description make a row broader or unclear, never more approvable', () => {
    expect(classifyOptionLabels(['Yes   and remember this for the session'])).toEqual(['always']);
    expect(classifyOptionLabels(['Yes   but do not run it'])).toEqual(['other']);
    expect(classifyOptionLabels(['No    and allow the next one'])).toEqual(['other']);
    expect(classifyOptionLabels(['Allow   Run it and remember this choice', 'Always allow'])).toEqual(['always', 'always']);
  });

  it('splits a description column at two or more spaces', () => {
    expect(splitDescription('Allow      Run the tool.')).toEqual({ label: 'Allow', description: 'Run the tool.' });
    expect(splitDescription('Yes, proceed (y)')).toEqual({ label: 'Yes, proceed (y)', description: '' });
  });
});
