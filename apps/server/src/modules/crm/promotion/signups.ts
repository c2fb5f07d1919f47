import { CrmPerm, contactResource, customerResource, signUpResource } from '@portal/contracts/crm';
import { resourceSchemas } from '@portal/contracts/resource';
import { sql } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import { appendRecordEvents } from '../../../platform/history/service.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource, createWithin, type Values, type WriteContext } from '../../../platform/resource/index.js';
import { contacts } from '../contacts.js';
import { customerNames } from '../customer-refs.js';
import { customers } from '../customers.js';
import { companyDomains } from '../duplicates.js';
import { crmPromotionSignUps } from './schema.js';

const userName = sql`(select u.name from ${staffUsers} u where u.id = "crm_promotion_signups"."user_id")`;
const customerCode = sql`(select c.code from crm_customers c where c.id = "crm_promotion_signups"."customer_id")`;

/** The company domain of the sign-up's work e-mail (none for a free-mail address). */
async function domainsOf(ctx: WriteContext, email: string) {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return companyDomains(ctx.tx, [domain]);
}

/**
 * The person who signed up as the new customer's first contact: their e-mail and phone only for a
 * caller who may see contact details, the phone only when it reads as a phone number.
 */
async function addContact(ctx: WriteContext, customerId: number, signUp: Values) {
  const reach = ctx.auth.perms.has(CrmPerm.CONTACT_DETAILS);
  const body = {
    customerId,
    name: String(signUp.name).slice(0, 64),
    remark: (signUp.message as string | null)?.slice(0, 500) || undefined,
    ...(reach ? { email: signUp.email, phone: signUp.phone || undefined } : {}),
  };
  const create = resourceSchemas(contactResource).create;
  let input = create.safeParse(body);
  if (!input.success) input = create.safeParse({ ...body, phone: undefined });
  if (input.success) await createWithin(ctx, contacts, input.data);
}

/**
 * A sign-up into a customer, in one transaction: the customer made by the customer's own create
 * (its duplicate check refuses a blacklisted match, its alias check a taken alias), the person
 * as its first contact, the sign-up linked; both records keep the step in their history.
 */
async function convert(ctx: WriteContext, signUp: Values, input: Values) {
  if (signUp.state === 'converted')
    throw new AppError('CRM_SIGNUP_CONVERTED', { vars: { value: String(signUp.customerCode ?? '') } });
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
  const customerId = await createWithin(ctx, customers, {
    ...fields,
    emailDomains: await domainsOf(ctx, String(signUp.email)),
  });
  await addContact(ctx, customerId, signUp);
  await appendRecordEvents(
    ctx.tx,
    [
      {
        entity: customerResource.key,
        recordId: customerId,
        actorId: ctx.auth.userId,
        kind: 'command',
        body: `${signUp.company} · ${signUp.name} <${signUp.email}>`,
        data: { command: 'fromSignUp', input: { signUpId: signUp.id } },
      },
    ],
    ctx.p.clock,
  );
  return {
    set: { state: 'converted', customerId, convertedAt: ctx.p.clock.now(), convertedBy: ctx.auth.userId },
  };
}

/** The promotion links' sign-ups on the kernel: each sales' own (data scope), converted one by one. */
export const signUps = bindResource(signUpResource, {
  historyNames: { customerId: customerNames },
  table: crmPromotionSignUps,
  search: { keyword: crmPromotionSignUps.search },
  columns: {
    company: crmPromotionSignUps.company,
    name: crmPromotionSignUps.name,
    email: crmPromotionSignUps.email,
    phone: crmPromotionSignUps.phone,
    message: crmPromotionSignUps.message,
    userId: crmPromotionSignUps.userId,
    userName,
    state: crmPromotionSignUps.state,
    customerId: crmPromotionSignUps.customerId,
    customerCode,
    convertedAt: crmPromotionSignUps.convertedAt,
    createdAt: crmPromotionSignUps.createdAt,
  },
  commands: { convert },
});
