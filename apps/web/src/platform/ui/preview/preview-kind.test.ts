import { describe, expect, it } from 'vitest';
import { previewKindOf } from './preview-kind';

describe('previewKindOf', () => {
  it('maps the spec 5 types and refuses the rest', () => {
    expect(['a.JPG', 'b.jpeg', 'c.png', 'd.gif'].map(previewKindOf)).toEqual(['image', 'image', 'image', 'image']);
    expect(previewKindOf('notes.txt')).toBe('text');
    expect(previewKindOf('x.pdf')).toBe('pdf');
    expect(previewKindOf('x.docx')).toBe('docx');
    expect(previewKindOf('x.xlsx')).toBe('xlsx');
    expect(previewKindOf('x.pptx')).toBe('pptx');
    expect(['x.doc', 'x.xls', 'x.ppt', 'x.zip', 'noext'].map(previewKindOf)).toEqual(Array(5).fill('unsupported'));
  });
});
