import { describe, expect, it } from 'vitest';
import { safeLinkHref, safeResourceUrl } from './sanitize-dom';

describe('the URLs a rendered document may keep', () => {
  it('keeps http(s), mailto and anchor links and drops every other scheme, however disguised', () => {
    for (const ok of ['https://example.com/a', 'HTTP://x.test', 'mailto:a@b.c', '#_Toc1'])
      expect(safeLinkHref(ok)).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      '//evil.example/x',
      '',
    ])
      expect(safeLinkHref(bad), bad).toBe(false);
  });

  it('keeps images and fonts from blob:, data:image and http(s), nothing that can be a page', () => {
    for (const ok of ['blob:https://portal/1', 'data:image/png;base64,AAAA', 'https://cdn.test/a.png'])
      expect(safeResourceUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'jav&#x09;ascript:x', 'vbscript:x'])
      expect(safeResourceUrl(bad), bad).toBe(false);
  });
});
