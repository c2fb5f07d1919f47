import { CRM_IMPORT_PATHS, CUSTOMER_IMPORT_MAX_ROWS, type ImportTemplateInfo } from '@portal/contracts/crm';
import type { ImportColumn } from '../../platform/imports/define.js';
import { followUpImport } from './follow-up-import.js';
import { customerImportColumns } from './import.js';

/** A column as the template page lists it; headers are the column's first two aliases (Chinese, English). */
const listed = (c: ImportColumn) => ({
  key: c.key,
  label: c.aliases?.[0] ?? c.key,
  labelEn: c.aliases?.[1] ?? c.key,
  required: !!c.required,
  note: c.note ?? null,
});

/** The templates `/setModule/crm/rules/template` lists: customers (the create form's fields) and follow-ups. */
export function templateInfo(): ImportTemplateInfo[] {
  return [
    {
      key: 'customers',
      title: '客户导入模板',
      titleEn: 'Customer import template',
      download: CRM_IMPORT_PATHS.template,
      maxRows: CUSTOMER_IMPORT_MAX_ROWS,
      columns: customerImportColumns.map(listed),
    },
    {
      key: 'follow-ups',
      title: '跟进记录导入模板',
      titleEn: 'Follow-up import template',
      download: CRM_IMPORT_PATHS.followUpTemplate,
      maxRows: CUSTOMER_IMPORT_MAX_ROWS,
      columns: followUpImport.columns.map(listed),
    },
  ];
}
