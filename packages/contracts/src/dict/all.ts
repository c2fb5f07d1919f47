import { crmDicts } from '../crm/dicts.js';
import { cscDicts } from '../csc/dicts.js';
import { purchaseDicts } from '../purchase/dicts.js';

/** Every area's dictionary declarations, for the platform's seed. */
export const allDicts = [crmDicts, cscDicts, purchaseDicts];
