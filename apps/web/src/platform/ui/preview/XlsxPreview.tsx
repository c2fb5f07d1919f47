import { Alert, Spin, Table, Tabs, Typography } from 'antd';
import ExcelJS from 'exceljs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHEET_PREVIEW_ROWS } from './preview-kind';

interface Sheet {
  name: string;
  header: string[];
  rows: Record<string, string>[];
  total: number;
}

const text = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return String(v.result ?? '');
    if ('text' in v) return String(v.text);
  }
  return String(v);
};

/** The first rows of each sheet of a small workbook (exceljs), as tables. */
export default function XlsxPreview({ data }: { data: ArrayBuffer }) {
  const { t } = useTranslation();
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const wb = new ExcelJS.Workbook();
    void wb.xlsx.load(data).then(
      () => {
        const out = wb.worksheets.map((ws) => {
          const values: string[][] = [];
          ws.eachRow((row, n) => {
            // row.values is sparse (empty cells are holes): Array.from fills them
            if (n <= SHEET_PREVIEW_ROWS + 1)
              values.push(Array.from((row.values as ExcelJS.CellValue[]).slice(1), text));
          });
          const header = values[0] ?? [];
          return {
            name: ws.name,
            header,
            total: Math.max(0, ws.rowCount - 1),
            rows: values
              .slice(1)
              .map((r, i) => ({ key: String(i), ...Object.fromEntries(r.map((c, j) => [`c${j}`, c])) })),
          };
        });
        if (live) setSheets(out);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [data]);
  if (failed) return <Alert type="error" showIcon message={t('preview.failed')} />;
  if (!sheets) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <div data-testid="preview-xlsx">
      <Tabs
        items={sheets.map((s) => ({
          key: s.name,
          label: s.name,
          children: (
            <>
              <Table
                size="small"
                pagination={false}
                scroll={{ x: 'max-content', y: 520 }}
                dataSource={s.rows}
                columns={s.header.map((h, j) => ({ key: `c${j}`, dataIndex: `c${j}`, title: h }))}
              />
              {s.total > SHEET_PREVIEW_ROWS && (
                <Typography.Text type="secondary">
                  {t('preview.firstRows', { shown: SHEET_PREVIEW_ROWS, total: s.total })}
                </Typography.Text>
              )}
            </>
          ),
        }))}
      />
    </div>
  );
}
