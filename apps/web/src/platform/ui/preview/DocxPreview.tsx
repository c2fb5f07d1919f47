import { renderAsync } from 'docx-preview';
import { useEffect, useRef } from 'react';
import { guardRendered } from './sanitize-dom';

/**
 * A .docx rendered to HTML by docx-preview. The file is the uploader's: alt-chunks (embedded HTML
 * pages docx-preview would show in an unsandboxed iframe) are not rendered, and the result is
 * cleaned of script, frames and non-http(s) links as it appears.
 */
export default function DocxPreview({ data }: { data: ArrayBuffer }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const stop = guardRendered(el);
    void renderAsync(data, el, undefined, {
      inWrapper: true,
      ignoreLastRenderedPageBreak: true,
      renderAltChunks: false,
    });
    return () => {
      stop();
      el.replaceChildren();
    };
  }, [data]);
  return <div ref={host} data-testid="preview-docx" style={{ overflow: 'auto' }} />;
}
