/**
 * What a document renderer (docx-preview, pptx-preview) puts in the page is the uploader's
 * content: it is cleaned after render and on every later change, so nothing in a file can run
 * script as the portal. The Content-Security-Policy the server sends is the second wall.
 */

/** Browsers ignore ASCII whitespace and control characters inside a URL's scheme ("java\tscript:"). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes
const squeeze = (url: string): string => url.replace(/[\u0000-\u0020\u007f]/g, '');

/** A link target a reader may follow: http(s), mailto, or an anchor in the same document. */
export function safeLinkHref(href: string): boolean {
  return /^(https?:|mailto:|#)/i.test(squeeze(href));
}

/** A resource address (image, font) a renderer may use: http(s), blob:, a data: image, an anchor. */
export function safeResourceUrl(url: string): boolean {
  return /^(https?:|blob:|data:image\/|#)/i.test(squeeze(url));
}

/** Elements that never belong in a rendered document: they run script, embed pages or navigate. */
const DROPPED = 'script,iframe,frame,frameset,object,embed,applet,base,form,meta,link,noscript,portal,template';
const URL_ATTRS = new Set(['src', 'action', 'data', 'poster', 'background', 'codebase', 'cite']);

function cleanElement(el: Element) {
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    const isHref = name === 'href' || name.endsWith(':href');
    if (name.startsWith('on') || name === 'srcdoc' || name === 'formaction') el.removeAttribute(attr.name);
    else if (isHref && !(el.localName === 'a' ? safeLinkHref(attr.value) : safeResourceUrl(attr.value)))
      el.removeAttribute(attr.name);
    else if (URL_ATTRS.has(name) && !safeResourceUrl(attr.value)) el.removeAttribute(attr.name);
  }
  // a followed link leaves in a new tab, never replacing the portal nor reaching window.opener
  if (el.localName === 'a' && el.hasAttribute('href') && !el.getAttribute('href')?.startsWith('#')) {
    // set only when different: a write queues a mutation record, and the observer would loop
    if (el.getAttribute('target') !== '_blank') el.setAttribute('target', '_blank');
    if (el.getAttribute('rel') !== 'noopener noreferrer') el.setAttribute('rel', 'noopener noreferrer');
  }
}

/** Removes dropped elements, event-handler attributes and unsafe URLs from a subtree (root included). */
export function sanitizeTree(root: Element) {
  if (root.matches(DROPPED)) {
    root.remove();
    return;
  }
  for (const el of Array.from(root.querySelectorAll(DROPPED))) el.remove();
  cleanElement(root);
  for (const el of Array.from(root.querySelectorAll('*'))) cleanElement(el);
}

/**
 * Cleans what is in `host` now and whatever a renderer adds or changes later (renderers fill
 * the page asynchronously). Returns the function that stops watching.
 */
export function guardRendered(host: Element): () => void {
  sanitizeTree(host);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof Element) cleanElement(r.target);
      for (const node of Array.from(r.addedNodes)) if (node instanceof Element && node.isConnected) sanitizeTree(node);
    }
  });
  observer.observe(host, { subtree: true, childList: true, attributes: true });
  return () => observer.disconnect();
}
