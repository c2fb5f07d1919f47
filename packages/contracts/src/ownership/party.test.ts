import { describe, expect, it } from 'vitest';
import { customerResource } from '../crm/customer.js';
import type { ResourceRow } from '../resource/define.js';
import { resourceSchemas } from '../resource/schemas.js';
import { supplierResource } from '../srm/supplier.js';
import { ownedPartyFields } from './party.js';

type CustomerRow = ResourceRow<typeof customerResource>;
type SupplierRow = ResourceRow<typeof supplierResource>;

describe('the owned party field set', () => {
  it('keeps each room its state values and row types', () => {
    const c: CustomerRow['state'] = 'open_sea';
    const s: SupplierRow['state'] = 'sea';
    // @ts-expect-error a supplier is never "open_sea"
    const bad: SupplierRow['state'] = 'open_sea';
    const locked: CustomerRow['locked'] = true;
    const owner: SupplierRow['ownerId'] = null;
    expect([c, s, bad, locked, owner]).toHaveLength(5);
    expect(customerResource.fields.state.options.map((o) => o.value)).toEqual(['private', 'open_sea', 'blacklist']);
    expect(supplierResource.fields.state.options.map((o) => o.value)).toEqual(['private', 'sea', 'blacklist']);
  });
  it('names code, alias and state after the noun and guards reach only where asked', () => {
    const f = ownedPartyFields({
      noun: { zh: '线索', en: 'Lead' },
      name: { zh: '名称', en: 'Name' },
      owner: { zh: '负责人', en: 'Owner' },
      states: ['mine', 'pool', 'banned'],
      reachPerm: 'x.reach',
    });
    expect(f.identity.code.label).toEqual({ zh: '线索编号', en: 'Lead code' });
    expect(f.ownership.state.label.zh).toBe('线索状态');
    expect(f.reach.phone).toHaveProperty('perm', 'x.reach');
    expect(customerResource.fields.phone).toHaveProperty('perm');
    expect(supplierResource.fields.phone).not.toHaveProperty('perm');
  });
  it('validates the shared fields the same way in both rooms', () => {
    for (const def of [customerResource, supplierResource]) {
      const create = resourceSchemas(def).create;
      const shape = create.safeParse({ name: 'A', alias: 'bad alias', country: 'CN' });
      expect(shape.success).toBe(false);
      const paths = shape.error?.issues.map((i) => i.path[0]);
      expect(paths).toEqual(expect.arrayContaining(['name', 'alias']));
      expect(Object.keys(create.shape)).not.toContain('state');
    }
  });
});
