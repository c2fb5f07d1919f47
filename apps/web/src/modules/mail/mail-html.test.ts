import { describe, expect, it } from 'vitest';
import { mailDocument } from './mail-html';

const body = (doc: string) => doc.slice(doc.indexOf('<body>'));

describe('mail HTML for the reading pane', () => {
  it('keeps no script, handler, frame or javascript: link from hostile samples', () => {
    const samples = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg><script>alert(1)</script></svg>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<div onclick="alert(1)" style="background:url(https://track.example/p.gif)">hi</div>',
      '<form action="https://evil.example"><input name="password"></form>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<style>@import url(https://evil.example/x.css)</style>',
    ];
    for (const s of samples) {
      const out = body(mailDocument(s, false));
      expect(out, s).not.toMatch(
        /<script|onerror|onclick|javascript:|<iframe|<svg|<math|<form|<input|<object|<embed|<style|track\.example|evil\.example/i,
      );
    }
  });

  it('blocks remote images until allowed; inline data images always show', () => {
    const html = '<p>x</p><img src="https://cdn.example/logo.png"><img src="data:image/png;base64,AAAA">';
    const blocked = body(mailDocument(html, false));
    expect(blocked).not.toContain('src="https://cdn.example/logo.png"');
    expect(blocked).toContain('data:image/png;base64,AAAA');
    expect(mailDocument(html, false)).toContain('img-src data:;');
    const allowed = mailDocument(html, true);
    expect(body(allowed)).toContain('src="https://cdn.example/logo.png"');
    expect(allowed).toContain('img-src data: https: http:');
  });
});
