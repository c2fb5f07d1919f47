/** Field definitions the reference-data resources share (finance reference records, currencies). */

import { label } from '../resource/define.js';

export { label };
export const REF = '/v2/sys/staff/ref';
export const nameZh = {
  kind: 'text',
  label: label('中文名称', 'Name (Chinese)'),
  required: true,
  rules: { maxLength: 128 },
  track: true,
} as const;
export const nameEn = {
  kind: 'text',
  label: label('英文名称', 'Name (English)'),
  required: true,
  rules: { maxLength: 128 },
  track: true,
} as const;
/** the name in the reader's language, for lists */
export const displayName = { kind: 'text', label: label('名称', 'Name'), required: true, readOnly: true } as const;
export const enabled = { kind: 'boolean', label: label('启用', 'Enabled'), track: true } as const;
export const updatedAt = {
  kind: 'datetime',
  label: label('更新时间', 'Updated'),
  required: true,
  readOnly: true,
} as const;
export const keyword = (fields: readonly string[]) => ({
  op: 'like' as const,
  fields,
  label: label('关键字', 'Keyword'),
});
