import sanitizeHtml from 'sanitize-html';

/**
 * Mail HTML as the portal keeps it: no script, no event handlers, no forms or frames, no
 * javascript: links; images may be http(s), data or cid. The web sanitises again (DOMPurify)
 * and blocks remote images until the reader allows them.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'span', 'u', 's', 'del', 'hr'],
    allowedAttributes: {
      '*': ['style', 'align', 'width', 'height', 'bgcolor', 'color', 'dir', 'title'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      font: ['face', 'size', 'color'],
      td: ['colspan', 'rowspan', 'valign'],
      th: ['colspan', 'rowspan', 'valign'],
      table: ['cellpadding', 'cellspacing', 'border'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });
}

export const hasRemoteImages = (html: string) => /<img\b[^>]*\bsrc\s*=\s*["']?\s*(https?:)?\/\//i.test(html);

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A plain-text mail shown as HTML. */
export const textToHtml = (text: string) => `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

/** The first characters of the text, for the list. */
export function snippetOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 140);
}

/** Plain text of sanitised HTML (for the snippet of HTML-only mail and for search). */
export const htmlToText = (html: string) =>
  sanitizeHtml(html.replace(/<(br|\/p|\/div|\/tr)\b[^>]*>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
