import { supplierContactResource } from '@portal/contracts/srm';
import { sql } from 'drizzle-orm';
import { parsePhoneNumber } from 'libphonenumber-js/min';
import { bindResource } from '../../platform/resource/index.js';
import { writableSupplier } from './access.js';
import { srmContacts } from './schema.js';

/** E.164 as libphonenumber-js formats it (the field rule already refused what it cannot parse). */
const e164 = (v: unknown) => (typeof v === 'string' ? parsePhoneNumber(v).number : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

const supplierName = sql`(select s.name from srm_suppliers s where s.id = "srm_contacts"."supplier_id")`;

/** Contacts of a supplier: owned with the supplier, added only to a private supplier in scope. */
export const supplierContacts = bindResource(supplierContactResource, {
  table: srmContacts,
  search: { keyword: srmContacts.search },
  columns: {
    supplierId: srmContacts.supplierId,
    supplierName,
    name: srmContacts.name,
    role: srmContacts.role,
    phone: srmContacts.phone,
    email: srmContacts.email,
    im: srmContacts.im,
    remark: srmContacts.remark,
    ownerId: srmContacts.ownerId,
    createdAt: srmContacts.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const supplier = await writableSupplier(ctx.tx, ctx.auth, input.supplierId as number);
      return {
        ownerId: supplier.ownerId,
        phone: e164(input.phone),
        email: lower(input.email),
        createdAt: ctx.p.clock.now(),
      };
    },
    async beforeUpdate(_ctx, _before, patch) {
      if (patch.phone) patch.phone = e164(patch.phone);
      if (patch.email) patch.email = lower(patch.email);
      return {};
    },
  },
});
