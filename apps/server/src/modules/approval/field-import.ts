import { FIELD_TYPES, type FieldImportPreview, fieldSaveBody } from '@portal/contracts';
import ExcelJS from 'exceljs';

/** Columns of the field import template, in order. */
export const TEMPLATE_COLUMNS = [
  { header: 'key', width: 16 },
  { header: 'label', width: 18 },
  { header: 'labelEn', width: 18 },
  { header: 'type', width: 12 },
  { header: 'required', width: 10 },
  { header: 'options', width: 40 },
  { header: 'sort', width: 8 },
] as const;

const MAX_ROWS = 200;

/** The XLSX template: a header row, one example row, and the allowed types as a note. */
export async function fieldTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('fields');
  ws.columns = TEMPLATE_COLUMNS.map((c) => ({ header: c.header, key: c.header, width: c.width }));
  ws.addRow({ key: 'amount', label: '金额', labelEn: 'Amount', type: 'money', required: 'Y', options: '', sort: 1 });
  ws.addRow({
    key: 'kind',
    label: '类型',
    labelEn: 'Kind',
    type: 'select',
    required: 'N',
    options: 'a:选项A;b:选项B',
    sort: 2,
  });
  ws.getRow(1).font = { bold: true };
  ws.getCell('D1').note = `type: ${FIELD_TYPES.join(', ')}`;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const text = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v)
    return v.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if (typeof v === 'object' && 'text' in v) return String(v.text).trim();
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '').trim();
  return String(v).trim();
};

/** Reads an uploaded template: valid rows become fields to save, the others are listed with the reason. */
export async function parseFieldTemplate(buffer: Buffer): Promise<FieldImportPreview> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    return { rows: [], errors: [{ row: 0, message: 'not an XLSX workbook' }] };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { rows: [], errors: [{ row: 0, message: 'the workbook has no sheet' }] };
  const header = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(text);
  const col = (name: string) => header.indexOf(name) + 1;
  if (col('key') === 0 || col('type') === 0)
    return { rows: [], errors: [{ row: 1, message: 'the header must have key and type' }] };
  const out: FieldImportPreview = { rows: [], errors: [] };
  const keys = new Set<string>();
  for (let i = 2; i <= Math.min(ws.rowCount, MAX_ROWS + 1); i++) {
    const row = ws.getRow(i);
    const get = (name: string) => (col(name) ? text(row.getCell(col(name)).value) : '');
    if (!get('key') && !get('label')) continue;
    const options = get('options')
      .split(/[;；]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const [value, ...label] = s.split(/[:：]/);
        return { value: value!.trim(), label: (label.join(':') || value!).trim() };
      });
    const parsed = fieldSaveBody.omit({ formId: true, id: true }).safeParse({
      key: get('key'),
      label: get('label'),
      labelEn: get('labelEn') || get('label'),
      type: get('type'),
      required: /^(y|yes|true|1|是)$/i.test(get('required')),
      options,
      sort: Number(get('sort')) || i - 1,
    });
    if (!parsed.success) {
      out.errors.push({
        row: i,
        message: parsed.error.issues.map((e) => `${e.path.join('.')}: ${e.message}`).join('; '),
      });
      continue;
    }
    if (keys.has(parsed.data.key)) {
      out.errors.push({ row: i, message: `duplicate key ${parsed.data.key}` });
      continue;
    }
    keys.add(parsed.data.key);
    out.rows.push(parsed.data);
  }
  if (ws.rowCount > MAX_ROWS + 1) out.errors.push({ row: MAX_ROWS + 2, message: `at most ${MAX_ROWS} rows` });
  return out;
}
