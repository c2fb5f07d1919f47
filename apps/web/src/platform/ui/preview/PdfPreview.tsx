import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Every page of a PDF drawn on canvases by pdf.js (its worker parses off the main thread). Never
 * with eval: the CSP forbids it, and a font program must not become code.
 */
export default function PdfPreview({ data }: { data: ArrayBuffer }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const task = getDocument({ data: new Uint8Array(data.slice(0)), isEvalSupported: false });
    let cancelled = false;
    void task.promise.then(async (pdf) => {
      const width = host.current?.clientWidth ?? 800;
      for (let i = 1; i <= pdf.numPages && !cancelled; i++) {
        const page = await pdf.getPage(i);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: Math.min(2, width / base.width) });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.style.cssText = 'display:block;margin:0 auto 12px;box-shadow:0 1px 4px rgba(0,0,0,.15);max-width:100%';
        host.current?.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
    });
    return () => {
      cancelled = true;
      void task.destroy();
      host.current?.replaceChildren();
    };
  }, [data]);
  return <div ref={host} data-testid="preview-pdf" />;
}
