import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/index.js';
import type { ChannelBindingRef, ChannelProduct, LiveChannelRef } from '../../../platform/ports.js';
import { srmContacts, srmSuppliers } from '../schema.js';
import { srmChannelNetworks, srmChannels, srmRouteBinds } from './schema.js';

export interface ChannelRef {
  id: number;
  code: string;
  name: string;
  supplierId: number;
  product: string;
  state: string;
  /** networks (messaging) covered */
  networks: string[];
  /** prefixes (voice) covered */
  prefixes: string[];
}

/**
 * Channels as other rooms see them (quotation's cost books, the rate simulator): code, name,
 * product, state and coverage; every channel when `ids` is absent.
 */
export async function channelRefs(db: DbOrTx, ids?: number[]): Promise<ChannelRef[]> {
  if (ids && !ids.length) return [];
  const rows = await db
    .select({
      id: srmChannels.id,
      code: srmChannels.code,
      name: srmChannels.name,
      supplierId: srmChannels.supplierId,
      product: srmChannels.product,
      state: srmChannels.state,
      prefixes: srmChannels.prefixes,
    })
    .from(srmChannels)
    .where(ids ? inArray(srmChannels.id, ids) : undefined)
    .orderBy(asc(srmChannels.id));
  if (!rows.length) return [];
  const nets = await db
    .select({ channelId: srmChannelNetworks.channelId, mccmnc: srmChannelNetworks.mccmnc })
    .from(srmChannelNetworks)
    .where(
      inArray(
        srmChannelNetworks.channelId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    prefixes: r.prefixes ?? [],
    networks: nets.filter((n) => n.channelId === r.id).map((n) => n.mccmnc),
  }));
}

/** Channels' code and name by id (the channels port's `names`). */
export async function channelNames(db: DbOrTx, ids: number[]): Promise<Map<number, { code: string; name: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: srmChannels.id, code: srmChannels.code, name: srmChannels.name })
    .from(srmChannels)
    .where(inArray(srmChannels.id, ids));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }]));
}

/** Suppliers' code and name by id (the reports' supplier level). */
export async function supplierRefs(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, { code: string; name: string; entityId: number | null }>> {
  const out = new Map<number, { code: string; name: string; entityId: number | null }>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: srmSuppliers.id, code: srmSuppliers.code, name: srmSuppliers.name, entityId: srmSuppliers.entityId })
    .from(srmSuppliers)
    .where(inArray(srmSuppliers.id, ids));
  for (const r of rows) out.set(r.id, { code: r.code, name: r.name, entityId: r.entityId });
  return out;
}

/** Suppliers' contacts that have an e-mail address, by supplier id (quotation's supplier send pages). */
export async function supplierContactEmails(
  db: DbOrTx,
  supplierIds: number[],
): Promise<Map<number, { name: string; email: string }[]>> {
  const out = new Map<number, { name: string; email: string }[]>();
  if (!supplierIds.length) return out;
  const rows = await db
    .select({ supplierId: srmContacts.supplierId, name: srmContacts.name, email: srmContacts.email })
    .from(srmContacts)
    .where(and(inArray(srmContacts.supplierId, supplierIds), sql`coalesce(${srmContacts.email}, '') <> ''`))
    .orderBy(asc(srmContacts.id));
  for (const r of rows) out.set(r.supplierId, [...(out.get(r.supplierId) ?? []), { name: r.name, email: r.email! }]);
  return out;
}

/** The live channels of a product with the networks and countries they cover (the channels port). */
export async function liveChannels(db: DbOrTx, product: ChannelProduct): Promise<LiveChannelRef[]> {
  const rows = await db
    .select({ id: srmChannels.id })
    .from(srmChannels)
    .where(and(eq(srmChannels.product, product), eq(srmChannels.state, 'live')))
    .orderBy(asc(srmChannels.id));
  if (!rows.length) return [];
  const nets = await db
    .select({
      channelId: srmChannelNetworks.channelId,
      mccmnc: srmChannelNetworks.mccmnc,
      country: srmChannelNetworks.country,
    })
    .from(srmChannelNetworks)
    .where(
      inArray(
        srmChannelNetworks.channelId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => {
    const own = nets.filter((n) => n.channelId === r.id);
    return {
      id: r.id,
      product,
      networks: own.map((n) => n.mccmnc),
      countries: [...new Set(own.flatMap((n) => (n.country ? [n.country] : [])))],
    };
  });
}

/**
 * The route bindings in force at `at` naming the channel for a country (and a network of it, with the
 * country-wide ones): whose traffic a change of the channel's cost touches (the channels port). A
 * binding outranked by a more specific one to another channel still counts: a warning too many
 * rather than one missing.
 */
export async function bindingsTo(
  db: DbOrTx,
  channelId: number,
  dest: { country: string; network?: string },
  at: Date,
): Promise<ChannelBindingRef[]> {
  return db
    .selectDistinct({
      customerId: srmRouteBinds.customerId,
      accountId: srmRouteBinds.accountId,
      country: srmRouteBinds.country,
      network: srmRouteBinds.network,
    })
    .from(srmRouteBinds)
    .where(
      and(
        eq(srmRouteBinds.channelId, channelId),
        eq(srmRouteBinds.country, dest.country),
        dest.network ? or(isNull(srmRouteBinds.network), eq(srmRouteBinds.network, dest.network)) : undefined,
        lte(srmRouteBinds.effectiveFrom, at),
        or(isNull(srmRouteBinds.effectiveTo), gt(srmRouteBinds.effectiveTo, at)),
      ),
    );
}

/**
 * A supplier's code, name or owner for a row whose supplier id is `idColumn` (finance's supplier
 * accounts: their names and their data scope follow the supplier's owner).
 */
export const supplierFieldSql = (idColumn: SQL, field: 'code' | 'name' | 'owner_id') =>
  sql`(select s.${sql.raw(field)} from srm_suppliers s where s.id = ${idColumn})`;

/** A supplier's code and name and the products of its channels (null: no such supplier). */
export async function supplierWithProducts(
  db: DbOrTx,
  id: number,
): Promise<{ code: string; name: string; products: Set<string> } | null> {
  const [s] = await db
    .select({ code: srmSuppliers.code, name: srmSuppliers.name })
    .from(srmSuppliers)
    .where(eq(srmSuppliers.id, id));
  if (!s) return null;
  const rows = await db
    .selectDistinct({ product: srmChannels.product })
    .from(srmChannels)
    .where(eq(srmChannels.supplierId, id));
  return { ...s, products: new Set(rows.map((r) => r.product)) };
}
