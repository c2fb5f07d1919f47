import { describe, expect, it } from 'vitest';
import { admissionResource } from '../srm/admission.js';
import { supplierRequestResource } from '../srm/supplier-request.js';
import { APPROVAL_RECORD_STATES, approvalRecordFields } from './approval-record.js';
import type { ResourceRow } from './define.js';
import { creatableFields } from './define.js';

describe('approval-backed record fields', () => {
  it('give every approval-backed record the same states, trail and row types', () => {
    const s: ResourceRow<typeof supplierRequestResource>['state'] = 'withdrawn';
    // @ts-expect-error not a state of an approval-backed record
    const bad: ResourceRow<typeof admissionResource>['state'] = 'running';
    const approval: ResourceRow<typeof admissionResource>['approvalId'] = null;
    expect([s, bad, approval]).toHaveLength(3);
    for (const def of [admissionResource, supplierRequestResource]) {
      expect(def.fields.state.options.map((o) => o.value)).toEqual([...APPROVAL_RECORD_STATES]);
      expect(def.fields.createdAt).toEqual(approvalRecordFields().trail.createdAt);
      // server-set: none of them is in a create body
      const writable = creatableFields(def);
      for (const k of ['state', ...Object.keys(approvalRecordFields().trail)]) expect(writable).not.toContain(k);
    }
  });
});
