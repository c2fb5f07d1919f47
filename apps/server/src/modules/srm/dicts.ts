import type { ResourceDef } from '@portal/contracts/resource';
import type { DbOrTx } from '../../platform/db/index.js';
import { isEnabledDictValue } from '../../platform/dict/service.js';
import { AppError } from '../../platform/http/errors.js';

/** Every dictionary field given a value must hold an enabled item of its dictionary. */
export async function checkDictValues(db: DbOrTx, fields: ResourceDef['fields'], values: Record<string, unknown>) {
  for (const [name, value] of Object.entries(values)) {
    const f = fields[name];
    if (f?.kind !== 'dict' || !f.dict || value === null || value === undefined) continue;
    if (!(await isEnabledDictValue(db, f.dict, String(value))))
      throw new AppError('SRM_DICT_VALUE_UNKNOWN', {
        vars: { value: String(value), field: { 'zh-CN': f.label.zh, en: f.label.en } },
      });
  }
}
