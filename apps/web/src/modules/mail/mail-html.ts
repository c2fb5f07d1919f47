import DOMPurify from 'dompurify';

const REMOTE = /^\s*(https?:)?\/\//i;

/**
 * Mail HTML for the reading pane: DOMPurify (the server sanitised it already; this is the second
 * wall), remote images dropped until the reader allows them, and a document with a strict CSP
 * shown in a sandboxed frame without scripts, so neither script nor styles reach the portal.
 */
export function mailDocument(html: string, allowRemote: boolean): string {
  const purify = DOMPurify();
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (allowRemote) return;
    if (node.tagName === 'IMG' && REMOTE.test(node.getAttribute('src') ?? '')) {
      node.setAttribute('data-blocked-src', node.getAttribute('src') ?? '');
      node.removeAttribute('src');
    }
    const style = node.getAttribute('style');
    if (style && /url\(/i.test(style)) node.setAttribute('style', style.replace(/url\([^)]*\)/gi, 'none'));
  });
  const body = purify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['srcset'],
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target'],
  });
  const img = allowRemote ? 'data: https: http:' : 'data:';
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${img}; style-src 'unsafe-inline'; font-src data:"><base target="_blank"><style>body{margin:0;font:14px/1.6 -apple-system,BlinkMacSystemFont,'Segoe UI',sans-serif;color:#1f1f1f;word-break:break-word}img{max-width:100%}</style></head><body>${body}</body></html>`;
}
