import { init } from 'pptx-preview';
import { useEffect, useRef } from 'react';
import { guardRendered } from './sanitize-dom';

/**
 * A .pptx rendered slide by slide by pptx-preview. It writes slide text with innerHTML, so the
 * result is cleaned of script, handlers and non-http(s) links as it appears.
 */
export default function PptxPreview({ data }: { data: ArrayBuffer }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const stop = guardRendered(el);
    const width = Math.min(960, el.clientWidth || 800);
    const previewer = init(el, { width, height: Math.round((width * 9) / 16), mode: 'list' });
    void previewer.preview(data);
    return () => {
      stop();
      previewer.destroy();
      el.replaceChildren();
    };
  }, [data]);
  return <div ref={host} data-testid="preview-pptx" />;
}
