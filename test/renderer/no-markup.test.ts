import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../renderer/', import.meta.url).pathname;
const client = new URL('../../client/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx|html)$/.test(name) ? [path] : [];
  });
}

// Pane text and engine messages are untrusted: nothing in the renderer (nor the client core it draws from) may turn a string into markup.
describe('renderer sources', () => {
  it('are found', () => {
    expect(sources(root).length).toBeGreaterThan(10);
  });

  it.each(['dangerouslySetInnerHTML', 'innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function'])(
    'never use %s',
    (needle) => {
      const offenders = [...sources(root), ...sources(client)].filter((file) => readFileSync(file, 'utf8').includes(needle));
      expect(offenders).toEqual([]);
    },
  );

  it('ship a CSP without unsafe-inline or unsafe-eval', () => {
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    const csp = /Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });
});
