import { ADMISSION_CHECKLIST_KEYS, admissionApply } from '@portal/contracts/srm';
import { describe, expect, it } from 'vitest';
import { applyBody } from './admission-body';

describe('admission apply body', () => {
  it('answers every checklist item, ticked ones true, and passes the contract schema', () => {
    const body = applyBody({ supplierId: 7, checklist: ['license', 'bank'], documents: ['f1'], note: '  routes ' });
    expect(Object.keys(body.checklist).sort()).toEqual([...ADMISSION_CHECKLIST_KEYS].sort());
    expect(body.checklist.license).toBe(true);
    expect(body.checklist.sanctions).toBe(false);
    expect(body.note).toBe('routes');
    expect(admissionApply.safeParse(body).success).toBe(true);
  });

  it('leaves out an empty note and sends no documents as an empty list', () => {
    const body = applyBody({ supplierId: 1, note: '   ' });
    expect(body).not.toHaveProperty('note');
    expect(body.documents).toEqual([]);
    expect(Object.values(body.checklist).every((v) => v === false)).toBe(true);
  });
});
