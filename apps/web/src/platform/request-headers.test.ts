import { describe, expect, it } from 'vitest';
import { buildHeaders, buildUrl } from './request-headers';

describe('buildHeaders', () => {
  it('always sends no-cache, JSON and the UI language', () => {
    const h = buildHeaders({ locale: 'en' });
    expect(h['Cache-Control']).toBe('no-cache');
    expect(h.Pragma).toBe('no-cache');
    expect(h['Content-Type']).toBe('application/json');
    expect(h['Accept-Language']).toBe('en');
    expect(h.Authorization).toBeUndefined();
    expect(h['x-deploy-version']).toBeUndefined();
    expect(h['x-idempotence-key']).toBeUndefined();
  });

  it('adds bearer, deploy version and submission id when present', () => {
    const h = buildHeaders({
      locale: 'zh-CN',
      tokenHead: 'Bearer ',
      token: 'tok',
      gray: 'v2-gray',
      idempotenceKey: 'k-1',
    });
    expect(h.Authorization).toBe('Bearer tok');
    expect(h['x-deploy-version']).toBe('v2-gray');
    expect(h['x-idempotence-key']).toBe('k-1');
    expect(h['Accept-Language']).toBe('zh-CN');
  });

  it('leaves the content type to the browser for multipart bodies', () => {
    expect(buildHeaders({ locale: 'en', json: false })['Content-Type']).toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('encodes values and skips empty ones', () => {
    expect(buildUrl('/x', { a: 'b c', n: 0, f: false, u: undefined, z: null, e: '' })).toBe('/x?a=b+c&n=0&f=false');
  });

  it('repeats array values and appends to an existing query', () => {
    expect(buildUrl('/x?p=1', { id: [1, 2] })).toBe('/x?p=1&id=1&id=2');
  });

  it('returns the bare path without parameters', () => {
    expect(buildUrl('/x', {})).toBe('/x');
    expect(buildUrl('/x')).toBe('/x');
  });
});
