import { supplierResource } from '@portal/contracts/srm';
import { eq, sql } from 'drizzle-orm';
import { parsePhoneNumber } from 'libphonenumber-js/min';
import { homeDepartment } from '../../platform/access/home-department.js';
import { staffUsers } from '../../platform/access/schema.js';
import { rowsOf } from '../../platform/db/index.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { AppError } from '../../platform/http/errors.js';
import { bindResource, type WriteContext } from '../../platform/resource/index.js';
import { uniqueAlias } from '../../platform/resource/unique-alias.js';
import { checkEntity } from './entities.js';
import { srmSuppliers, supplierCodeSeq } from './schema.js';

const { check: checkAlias } = uniqueAlias({
  table: srmSuppliers,
  id: srmSuppliers.id,
  code: srmSuppliers.code,
  name: srmSuppliers.name,
  alias: srmSuppliers.alias,
});

const lowerList = (v: unknown) => ((v as string[] | undefined) ?? []).map((d) => d.toLowerCase());
const e164 = (v: unknown) => (typeof v === 'string' ? parsePhoneNumber(v).number : v);

/** Checks a supplier's new values shared by create and update; returns the normalised ones. */
async function checkValues(ctx: WriteContext, values: Record<string, unknown>) {
  await checkDictValues(ctx.tx, supplierResource.fields, values, 'SRM_DICT_VALUE_UNKNOWN');
  if (values.entityId !== undefined && values.entityId !== null) await checkEntity(ctx.p, values.entityId as number);
  const out: Record<string, unknown> = {};
  if (values.domains !== undefined) out.domains = lowerList(values.domains);
  if (values.phone) out.phone = e164(values.phone);
  if (values.products !== undefined) out.products = [...new Set((values.products as string[] | null) ?? [])];
  return out;
}

/** Checks and server-set values of a new supplier; the duplicate check runs before (see duplicates.ts). */
export async function supplierCreateValues(ctx: WriteContext, input: Record<string, unknown>) {
  const { tx, auth, p } = ctx;
  const normal = await checkValues(ctx, input);
  await checkAlias(tx, input.alias as string);
  const [seq] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${supplierCodeSeq.seqName}) as n`));
  const now = p.clock.now();
  return {
    ...normal,
    code: `SP${seq!.n}`,
    ownerId: auth.userId,
    ownedAt: now,
    state: 'private',
    departmentId: await homeDepartment(tx, auth.userId),
    createdBy: auth.userId,
    createdAt: now,
    updatedAt: now,
  };
}

type CreateCheck = (ctx: WriteContext, input: Record<string, unknown>) => Promise<void>;
const createChecks: CreateCheck[] = [];
/** The duplicate check registers itself here (it needs the settings; this file stays about the record). */
export const onSupplierCreate = (check: CreateCheck) => createChecks.push(check);

/** the owner's name, for lists and exports */
const ownerName = sql`(select u.name from ${staffUsers} u where u.id = "srm_suppliers"."owner_id")`;

/** Suppliers on the resource kernel: my suppliers, management, sea (through ownership), equipment. */
export const suppliers = bindResource(supplierResource, {
  table: srmSuppliers,
  search: { keyword: srmSuppliers.search },
  columns: {
    code: srmSuppliers.code,
    name: srmSuppliers.name,
    alias: srmSuppliers.alias,
    type: srmSuppliers.type,
    products: srmSuppliers.products,
    country: srmSuppliers.country,
    level: srmSuppliers.level,
    source: srmSuppliers.source,
    entityId: srmSuppliers.entityId,
    paymentMethod: srmSuppliers.paymentMethod,
    paymentTermDays: srmSuppliers.paymentTermDays,
    domains: srmSuppliers.domains,
    phone: srmSuppliers.phone,
    address: srmSuppliers.address,
    remark: srmSuppliers.remark,
    ownerId: srmSuppliers.ownerId,
    ownerName,
    ownedAt: srmSuppliers.ownedAt,
    departmentId: srmSuppliers.departmentId,
    state: srmSuppliers.state,
    blacklistReason: srmSuppliers.blacklistReason,
    locked: srmSuppliers.locked,
    admitted: srmSuppliers.admitted,
    admittedAt: srmSuppliers.admittedAt,
    lastContactAt: srmSuppliers.lastContactAt,
    nextContactAt: srmSuppliers.nextContactAt,
    createdAt: srmSuppliers.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const values = await supplierCreateValues(ctx, input);
      for (const check of createChecks) await check(ctx, { ...input, ...values });
      return values;
    },
    async beforeUpdate(ctx, before, patch) {
      if (before.state === 'blacklist')
        throw new AppError('SRM_SUPPLIER_NOT_WRITABLE', { vars: { value: before.code as string } });
      if (patch.alias !== undefined && String(patch.alias).toLowerCase() !== String(before.alias).toLowerCase())
        await checkAlias(ctx.tx, patch.alias as string, before.id as number);
      Object.assign(patch, await checkValues(ctx, patch));
      return { updatedAt: ctx.p.clock.now() };
    },
  },
  commands: {
    async lock(ctx, _supplier, input) {
      return { set: { locked: input.locked, updatedAt: ctx.p.clock.now() } };
    },
    /** a blacklisted supplier leaves its owner's book and the sea; it cannot be claimed or changed */
    async blacklist(ctx, supplier, input) {
      if (supplier.state === 'blacklist')
        throw new AppError('SRM_SUPPLIER_NOT_WRITABLE', { vars: { value: supplier.code as string } });
      return { set: { state: 'blacklist', blacklistReason: input.reason, updatedAt: ctx.p.clock.now() } };
    },
  },
  followUp: {
    async contactsOf(db, id, contactIds) {
      const rows = rowsOf<{ id: number }>(
        await db.execute(
          sql`select id from srm_contacts where supplier_id = ${id} and id = any(${[...contactIds]}::int[])`,
        ),
      );
      return new Set(rows.map((r) => r.id));
    },
    async recorded(tx, id, input, _auth, now) {
      await tx
        .update(srmSuppliers)
        .set({ lastContactAt: now, nextContactAt: input.nextAt ? new Date(input.nextAt) : null })
        .where(eq(srmSuppliers.id, id));
    },
  },
});
