import { contactResource } from '@portal/contracts/crm';
import { sql } from 'drizzle-orm';
import { parsePhoneNumber } from 'libphonenumber-js/min';
import { bindResource } from '../../platform/resource/index.js';
import { writableCustomer } from './access.js';
import { customerNames } from './customer-refs.js';
import { crmContacts } from './schema.js';

/** E.164 as libphonenumber-js formats it (the field rule already refused what it cannot parse). */
const e164 = (v: unknown) => (typeof v === 'string' ? parsePhoneNumber(v).number : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

const customerName = sql`(select c.name from crm_customers c where c.id = "crm_contacts"."customer_id")`;

/** Contacts of a customer: owned with the customer, added only to a private customer in scope. */
export const contacts = bindResource(contactResource, {
  historyNames: { customerId: customerNames },
  table: crmContacts,
  search: { keyword: crmContacts.search },
  columns: {
    customerId: crmContacts.customerId,
    customerName,
    name: crmContacts.name,
    title: crmContacts.title,
    phone: crmContacts.phone,
    email: crmContacts.email,
    keyDecisionMaker: crmContacts.keyDecisionMaker,
    remark: crmContacts.remark,
    ownerId: crmContacts.ownerId,
    createdAt: crmContacts.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const customer = await writableCustomer(ctx.tx, ctx.auth, input.customerId as number);
      return {
        ownerId: customer.ownerId,
        phone: e164(input.phone),
        email: lower(input.email),
        keyDecisionMaker: input.keyDecisionMaker ?? false,
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
