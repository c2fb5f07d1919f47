import { FIELD_TYPES, fieldSaveBody, Perm } from '@portal/contracts';
import { defineImport } from '../../platform/imports/define.js';
import { fieldsOf, saveFields } from './forms.service.js';

/** `a:选项A;b:选项B` → options; a value without a label is its own label. */
const parseOptions = (text: string) =>
  text
    .split(/[;；]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [value, ...label] = s.split(/[:：]/);
      return { value: value!.trim(), label: (label.join(':') || value!).trim() };
    });

/** The approval form field import: the form's fields from the XLSX template, by key (existing keys are updated). */
export const fieldImport = defineImport({
  key: 'form-fields',
  perm: Perm.PROCESS_FORMS,
  columns: [
    { key: 'key', required: true, aliases: ['字段标识'] },
    { key: 'label', aliases: ['名称'], width: 18 },
    { key: 'labelEn', aliases: ['英文名称'], width: 18 },
    { key: 'type', required: true, aliases: ['类型'], width: 12, note: `type: ${FIELD_TYPES.join(', ')}` },
    { key: 'required', aliases: ['必填'], width: 10, parse: (t) => /^(y|yes|true|1|是)$/i.test(t) },
    { key: 'options', aliases: ['选项'], width: 40, parse: parseOptions },
    { key: 'sort', aliases: ['排序'], width: 8, parse: (t) => Number(t) },
  ],
  rowSchema: fieldSaveBody.omit({ formId: true, id: true }),
  unique: 'key',
  maxRows: 200,
  examples: [
    { key: 'amount', label: '金额', labelEn: 'Amount', type: 'money', required: 'Y', options: '', sort: 1 },
    { key: 'kind', label: '类型', labelEn: 'Kind', type: 'select', required: 'N', options: 'a:选项A;b:选项B', sort: 2 },
  ],
  prepare: (raw, row) => ({
    ...raw,
    labelEn: raw.labelEn ?? raw.label,
    required: raw.required ?? false,
    options: raw.options ?? [],
    sort: typeof raw.sort === 'number' && raw.sort ? raw.sort : row - 1,
  }),
  commit: async (tx, _auth, rows, target: { id: number }) => {
    const byKey = new Map((await fieldsOf(tx, target.id)).map((f) => [f.key, f.id]));
    await saveFields(
      tx,
      target.id,
      rows.map((row) => ({ ...row, id: byKey.get(row.key) })),
    );
    return fieldsOf(tx, target.id);
  },
});
