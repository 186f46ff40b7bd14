import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPageUrl, appUrlToFile, contentTypeOf, isAppPage, isAppUrl } from '../../../main/shell/windows/app-url.ts';

const ROOT = '/opt/tb/dist/renderer';

describe('appPageUrl', () => {
  it('opens a view, optionally on one item', () => {
    expect(appPageUrl('queue')).toBe('app://trailboss/index.html#view=queue');
    expect(appPageUrl('queue', 'it 1')).toBe('app://trailboss/index.html#view=queue&item=it+1');
    expect(new URLSearchParams(new URL(appPageUrl('queue', 'a&b')).hash.slice(1)).get('item')).toBe('a&b');
  });
});

describe('isAppUrl', () => {
  it('knows our pages and nothing else', () => {
    expect(isAppUrl('app://trailboss/assets/x.js')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('file:///opt/tb/dist/renderer/index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});

describe('appUrlToFile', () => {
  it('maps our URLs into the renderer build', () => {
    expect(appUrlToFile('app://trailboss/index.html#view=queue', ROOT)).toBe(path.join(ROOT, 'index.html'));
    expect(appUrlToFile('app://trailboss/', ROOT)).toBe(path.join(ROOT, 'index.html'));
    expect(appUrlToFile('app://trailboss/assets/main-abc.js?x=1', ROOT)).toBe(path.join(ROOT, 'assets/main-abc.js'));
  });

  it.each(['app://trailboss/../../etc/passwd', 'app://trailboss/%2e%2e/%2e%2e/etc/passwd'])(
    'keeps %s inside the build (the URL parser resolves dot segments)',
    (url) => {
      expect(appUrlToFile(url, ROOT)).toBe(path.join(ROOT, 'etc/passwd'));
    },
  );

  it.each([
    'app://trailboss/assets/%2e%2e%2f%2e%2e%2f..%2fetc/passwd',
    'app://trailboss/a%00b',
    'app://trailboss/..%5c..%5cwin.ini',
    'app://elsewhere/index.html',
  ])('refuses %s', (url) => {
    expect(appUrlToFile(url, ROOT)).toBeNull();
  });
});

describe('contentTypeOf', () => {
  it('gives module scripts a JavaScript type and unknown files a neutral one', () => {
    expect(contentTypeOf('/r/assets/index-abc.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('/r/index.HTML')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('/r/x.exe')).toBe('application/octet-stream');
  });
});

describe('isAppPage', () => {
  it('allows only our index page, with any fragment', () => {
    expect(isAppPage('app://trailboss/index.html#view=settings')).toBe(true);
    expect(isAppPage('app://trailboss/other.html')).toBe(false);
    expect(isAppPage('https://example.com/#app://trailboss/index.html')).toBe(false);
  });
});
