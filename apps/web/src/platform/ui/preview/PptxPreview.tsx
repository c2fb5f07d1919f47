import { init } from 'pptx-preview';
import { useEffect, useRef } from 'react';

/** A .pptx rendered slide by slide by pptx-preview. */
export default function PptxPreview({ data }: { data: ArrayBuffer }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const width = Math.min(960, el.clientWidth || 800);
    const previewer = init(el, { width, height: Math.round((width * 9) / 16), mode: 'list' });
    void previewer.preview(data);
    return () => {
      previewer.destroy();
      el.replaceChildren();
    };
  }, [data]);
  return <div ref={host} data-testid="preview-pptx" />;
}
