import { describe, expect, it, vi } from 'vitest';
import { type ElementLike, isEditableElement, plainCopyHandler } from './plain-copy';

const el = (tagName: string, parent: ElementLike | null = null, isContentEditable = false): ElementLike => ({
  tagName,
  parentElement: parent,
  isContentEditable,
});

describe('isEditableElement', () => {
  it('is true inside inputs, textareas and contenteditable areas', () => {
    expect(isEditableElement(el('INPUT'))).toBe(true);
    expect(isEditableElement(el('textarea'))).toBe(true);
    expect(isEditableElement(el('P', el('DIV', null, true)))).toBe(true);
  });

  it('is false for ordinary text', () => {
    expect(isEditableElement(el('SPAN', el('TD', el('TABLE'))))).toBe(false);
    expect(isEditableElement(null)).toBe(false);
  });
});

describe('plain copy handler', () => {
  const event = () => {
    const setData = vi.fn();
    return { e: { clipboardData: { setData }, preventDefault: vi.fn() } as unknown as ClipboardEvent, setData };
  };
  const doc = (anchor: ElementLike, text: string, active: ElementLike | null = null) =>
    ({
      activeElement: active,
      getSelection: () => ({ isCollapsed: false, anchorNode: { nodeType: 1, ...anchor }, toString: () => text }),
    }) as unknown as Document;

  it('puts only the selected text on the clipboard outside inputs', () => {
    const { e, setData } = event();
    plainCopyHandler(doc(el('TD'), 'ACME\t12'))(e);
    expect(setData).toHaveBeenCalledWith('text/plain', 'ACME\t12');
    expect(e.preventDefault).toHaveBeenCalled();
  });

  it('leaves copying inside an input alone', () => {
    const { e, setData } = event();
    plainCopyHandler(doc(el('DIV'), 'x', el('INPUT')))(e);
    expect(setData).not.toHaveBeenCalled();
    expect(e.preventDefault).not.toHaveBeenCalled();
  });
});
