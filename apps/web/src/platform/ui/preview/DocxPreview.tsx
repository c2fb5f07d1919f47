import { renderAsync } from 'docx-preview';
import { useEffect, useRef } from 'react';

/** A .docx rendered to HTML by docx-preview. */
export default function DocxPreview({ data }: { data: ArrayBuffer }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    void renderAsync(data, el, undefined, { inWrapper: true, ignoreLastRenderedPageBreak: true });
    return () => el.replaceChildren();
  }, [data]);
  return <div ref={host} data-testid="preview-docx" style={{ overflow: 'auto' }} />;
}
