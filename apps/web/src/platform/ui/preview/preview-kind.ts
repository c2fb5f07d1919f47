/** Spec 5: image extensions. */
export const IMAGE_EXTS = ['jpg', 'jpeg', 'png', 'gif'] as const;

export type PreviewKind = 'image' | 'text' | 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'unsupported';

/**
 * Which renderer previews a file, by its extension (spec 5: images, txt, pdf, doc(x), xls(x),
 * ppt(x) where a library renders them in the browser). The legacy binary formats doc, xls and ppt
 * have no maintained in-browser renderer, so they get the unsupported warning like any other type.
 */
export function previewKindOf(name: string): PreviewKind {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if ((IMAGE_EXTS as readonly string[]).includes(ext)) return 'image';
  if (ext === 'txt') return 'text';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx') return 'docx';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'pptx') return 'pptx';
  return 'unsupported';
}

/** Spreadsheet previews show at most this many rows of the first sheet. */
export const SHEET_PREVIEW_ROWS = 200;
