import { useQuery } from '@tanstack/react-query';
import { Alert, Image, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { previewKindOf } from './preview/preview-kind';

// every renderer is its own lazy chunk: the shell bundle carries none of pdf.js, docx-preview,
// exceljs or pptx-preview
const PdfPreview = lazy(() => import('./preview/PdfPreview'));
const DocxPreview = lazy(() => import('./preview/DocxPreview'));
const XlsxPreview = lazy(() => import('./preview/XlsxPreview'));
const PptxPreview = lazy(() => import('./preview/PptxPreview'));

async function fetchBytes(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const res = await fetch(url, { signal, cache: 'no-store' });
  if (!res.ok) throw new Error(`${res.status}`);
  return res.arrayBuffer();
}

/**
 * THE file preview (spec 5): images, txt, pdf (pdf.js), docx (docx-preview), xlsx (exceljs, first
 * rows), pptx (pptx-preview); anything else shows the warning 暂不支持此种文件格式的文件预览.
 * `url` is a signed download URL (it carries its own credential).
 */
export function FilePreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const kind = previewKindOf(name);
  const bytes = useQuery({
    queryKey: ['file-preview', url],
    queryFn: ({ signal }) => fetchBytes(url, signal),
    enabled: kind !== 'unsupported' && kind !== 'image',
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (kind === 'unsupported') {
    return <Alert type="warning" showIcon message={t('preview.unsupported')} data-testid="preview-unsupported" />;
  }
  if (kind === 'image') return <Image src={url} alt={name} style={{ maxWidth: '100%' }} data-testid="preview-image" />;
  if (bytes.isError) return <Alert type="error" showIcon message={t('preview.failed')} />;
  if (!bytes.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const data = bytes.data;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
      {kind === 'text' && (
        <pre data-testid="preview-text" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}>
          {new TextDecoder('utf-8').decode(data)}
        </pre>
      )}
      {kind === 'pdf' && <PdfPreview data={data} />}
      {kind === 'docx' && <DocxPreview data={data} />}
      {kind === 'xlsx' && <XlsxPreview data={data} />}
      {kind === 'pptx' && <PptxPreview data={data} />}
    </Suspense>
  );
}
