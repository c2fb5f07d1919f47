/**
 * Spec 5: copying outside inputs copies plain selected text only (no markup, colours or table
 * HTML pasted into mails and chats). Inside inputs, textareas and rich editors copying is untouched.
 */
export interface ElementLike {
  tagName?: string;
  isContentEditable?: boolean;
  parentElement?: ElementLike | null;
}

const EDITABLE_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Whether a node sits in an input, textarea, select or contenteditable element. */
export function isEditableElement(el: ElementLike | null | undefined): boolean {
  for (let e = el; e; e = e.parentElement) {
    if (e.isContentEditable) return true;
    if (e.tagName && EDITABLE_TAGS.has(e.tagName.toUpperCase())) return true;
  }
  return false;
}

const elementOf = (node: Node | null): ElementLike | null =>
  node ? (node.nodeType === 1 ? (node as Element as ElementLike) : (node.parentElement as ElementLike | null)) : null;

export function plainCopyHandler(doc: Document) {
  return (e: ClipboardEvent) => {
    const selection = doc.getSelection();
    if (!selection || selection.isCollapsed || !e.clipboardData) return;
    if (isEditableElement(elementOf(selection.anchorNode)) || isEditableElement(doc.activeElement as ElementLike)) {
      return;
    }
    e.clipboardData.setData('text/plain', selection.toString());
    e.preventDefault();
  };
}

/** Install once on start; returns the uninstaller. */
export function installPlainCopy(doc: Document = document): () => void {
  const handler = plainCopyHandler(doc);
  doc.addEventListener('copy', handler);
  return () => doc.removeEventListener('copy', handler);
}
