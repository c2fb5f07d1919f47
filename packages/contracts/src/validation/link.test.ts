import { describe, expect, it } from 'vitest';
import { isExternalLink, isNoticeLink } from './link.js';

describe('isNoticeLink', () => {
  it('accepts portal paths with a single leading slash and http(s) addresses', () => {
    for (const ok of [
      '/message/publicnotice/timeaxis',
      '/general/my-agent/profile?id=12&tab=a',
      `/general/my-agent/profile?id=3&title=${encodeURIComponent("差旅 (Q3) O'Brien! ~50%*")}`,
      '/',
      'https://wiki.example.com/page?id=1#top',
      'http://intranet.local:8080/',
      'HTTPS://example.com',
    ])
      expect(isNoticeLink(ok), ok).toBe(true);
  });

  it('refuses scheme-relative, backslash, scripted and other-scheme links', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'JavaScript://%0aalert(1)',
      'data:text/html,x',
      'ftp://example.com',
      'https://',
      'https://evil.example/"onmouseover=x',
      'message/list',
      ' /message',
      '',
    ])
      expect(isNoticeLink(bad), bad).toBe(false);
  });

  it('tells external addresses from portal paths', () => {
    expect(isExternalLink('https://wiki.example.com/x')).toBe(true);
    expect(isExternalLink('/message/list')).toBe(false);
    expect(isExternalLink('//evil.example')).toBe(false);
  });
});
