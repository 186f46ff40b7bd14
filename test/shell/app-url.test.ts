import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPageUrl, appUrlToFile, isAppUrl } from '../../main/shell/app-url.ts';

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

  it.each(['app://trailboss/../../etc/passwd', 'app://trailboss/%2e%2e/%2e%2e/etc/passwd'])('keeps %s inside the build (the URL parser resolves dot segments)', (url) => {
    expect(appUrlToFile(url, ROOT)).toBe(path.join(ROOT, 'etc/passwd'));
  });

  it.each([
    'app://trailboss/assets/%2e%2e%2f%2e%2e%2f..%2fetc/passwd',
    'app://trailboss/a%00b',
    'app://trailboss/..%5c..%5cwin.ini',
    'app://elsewhere/index.html',
  ])('refuses %s', (url) => {
    expect(appUrlToFile(url, ROOT)).toBeNull();
  });
});
