import { contactResource } from '@portal/contracts/crm';
import { admissionResource } from '@portal/contracts/srm';
import { describe, expect, it } from 'vitest';
import { relatedColumnKeys } from './related-columns';

describe('a related list’s columns', () => {
  it('leave out the filtered field, the parent’s name columns and fields the caller may not see', () => {
    const all = relatedColumnKeys(admissionResource, {}, [], () => true);
    expect(all).toEqual([...admissionResource.list.columns]);
    const keys = relatedColumnKeys(
      admissionResource,
      { supplierId: 7 },
      ['supplierName', 'supplierCode'],
      (k) => k !== 'approvalId',
    );
    expect(keys).toEqual(all.filter((k) => !['supplierName', 'supplierCode', 'approvalId'].includes(k)));
    expect(keys).toContain('state');
  });
  it('drop a column the filter fixes even when it is listed', () => {
    const listed = contactResource.list.columns[0]!;
    expect(relatedColumnKeys(contactResource, { [listed]: 1 }, [], () => true)).not.toContain(listed);
  });
});
