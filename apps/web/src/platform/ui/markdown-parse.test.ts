import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown-parse';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists, quotes, code and rules', () => {
    const md =
      '# v2.3\n\nNew **home** page.\nSecond line.\n\n- one\n- two\n\n1. a\n2. b\n\n> note\n\n```\nx < y\n```\n\n---';
    expect(parseMarkdown(md).map((b) => b.t)).toEqual(['h', 'p', 'list', 'list', 'quote', 'code', 'hr']);
    const [, p, ul, ol] = parseMarkdown(md);
    expect(p).toEqual({
      t: 'p',
      c: [
        { t: 'text', v: 'New ' },
        { t: 'strong', c: [{ t: 'text', v: 'home' }] },
        { t: 'text', v: ' page. Second line.' },
      ],
    });
    expect(ul).toMatchObject({ ordered: false, items: [[{ v: 'one' }], [{ v: 'two' }]] });
    expect(ol).toMatchObject({ ordered: true });
  });

  it('keeps markup as text (no HTML ever)', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { t: 'p', c: [{ t: 'text', v: '<img src=x onerror=alert(1)>' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('keeps http(s) links and drops script links to text', () => {
    expect(parseInline('[docs](https://x.example)')).toEqual([
      { t: 'link', href: 'https://x.example', c: [{ t: 'text', v: 'docs' }] },
    ]);
    expect(parseInline('[bad](javascript:alert(1))')).toEqual([
      { t: 'text', v: 'bad' },
      { t: 'text', v: ')' },
    ]);
  });

  it('reads inline code and emphasis', () => {
    expect(parseInline('use `npm start` *now*')).toEqual([
      { t: 'text', v: 'use ' },
      { t: 'code', v: 'npm start' },
      { t: 'text', v: ' ' },
      { t: 'em', c: [{ t: 'text', v: 'now' }] },
    ]);
  });
});
