import { renderToStaticMarkup } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { visibleTail } from '../../../../client/format/tail-lines.ts';
import { PaneTail } from '../../../../renderer/screens/queue/pane-tail.tsx';

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/panes/${path}`, import.meta.url), 'utf8').split('\n');

describe('PaneTail', () => {
  it('renders markup in a pane as text, never as elements', () => {
    const html = renderToStaticMarkup(<PaneTail lines={['\x1b[31m<img src=x onerror=alert(1)><script>alert(2)</script>']} label="t" />);
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;');
  });

  it('colours a span with its SGR colour', () => {
    const html = renderToStaticMarkup(<PaneTail lines={['\x1b[38;5;153mYes']} label="t" />);
    expect(html).toContain('<span style="color:#afd7ff">Yes</span>');
  });

  it('renders every line of a real capture that says something (blank runs squeezed)', () => {
    const lines = fixture('claude/perm-bash.ansi').slice(0, 30);
    const html = renderToStaticMarkup(<PaneTail lines={lines} label="t" />);
    expect(html.match(/class="tail-line"/g)).toHaveLength(visibleTail(lines).length);
    expect(html).toContain('Do you want to proceed?');
  });

  it('an idle agent’s mostly blank screen shows from its first line with text', () => {
    const html = renderToStaticMarkup(<PaneTail lines={['', '', '', '', '● Done: 3 files changed', '', '> ']} label="t" />);
    expect(html.match(/class="tail-line"/g)).toHaveLength(3);
    expect(html.indexOf('Done')).toBeLessThan(html.indexOf('&gt; '));
  });

  it('renders nothing for an empty tail', () => {
    expect(renderToStaticMarkup(<PaneTail lines={[]} label="t" />)).toBe('');
  });
});
