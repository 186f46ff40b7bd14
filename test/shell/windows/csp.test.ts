import { describe, expect, it } from 'vitest';
import { APP_CSP, withCsp } from '../../../main/shell/windows/csp.ts';

describe('APP_CSP', () => {
  it('allows no inline script, no eval and nothing from elsewhere', () => {
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
    expect(APP_CSP).toContain("object-src 'none'");
  });
});

describe('withCsp', () => {
  it('replaces a CSP header in any case and keeps the others', () => {
    expect(withCsp({ 'content-security-policy': ['default-src *'], 'Content-Type': 'text/html' })).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': [APP_CSP],
      'X-Content-Type-Options': ['nosniff'],
    });
  });

  it('adds the CSP when there were no headers', () => {
    expect(withCsp(undefined)['Content-Security-Policy']).toEqual([APP_CSP]);
  });
});
