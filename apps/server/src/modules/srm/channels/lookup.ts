import type { LookupResult } from '@portal/contracts/srm/channels';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Db } from '../../../platform/db/index.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { reference } from '../../system/reference/index.js';
import { srmChannelNetworks, srmChannels } from './schema.js';
import { supplierNameOf } from './supplier.js';

const supplierNameSql = supplierNameOf('"srm_channels"."supplier_id"').mapWith(String);

/**
 * `mcc-mnc-query`: a network code answers that network; a phone number answers its country and
 * number type (libphonenumber-js) and the country's networks (a number alone does not tell its
 * network: that needs a number-portability look-up). Then the channels covering any of them.
 */
export async function lookup(p: { db: Db; bus: EventBus }, q: string): Promise<LookupResult> {
  const ref = reference(p);
  const text = q.replace(/[\s-]/g, '');
  if (/^\d{5,6}$/.test(text)) {
    const op = await ref.operatorOf(text);
    if (op) {
      const networks = [{ mccmnc: text, name: op.name, nameEn: op.nameEn }];
      return {
        kind: 'network',
        country: op.countryCode,
        numberType: null,
        e164: null,
        networks,
        channels: await coveringChannels(p.db, [text]),
      };
    }
  }
  const number = parsePhoneNumberFromString(text.startsWith('+') ? text : `+${text}`);
  if (!number?.country || !number.isPossible()) throw new AppError('SRM_LOOKUP_UNKNOWN', { vars: { value: q } });
  const ops = await ref.operatorsOfCountry(number.country);
  const networks = ops.map((o) => ({ mccmnc: o.mccmnc, name: o.name, nameEn: o.nameEn }));
  return {
    kind: 'number',
    country: number.country,
    numberType: number.getType() ?? null,
    e164: number.number,
    networks,
    channels: await coveringChannels(
      p.db,
      networks.map((n) => n.mccmnc),
    ),
  };
}

async function coveringChannels(db: Db, networks: string[]): Promise<LookupResult['channels']> {
  if (!networks.length) return [];
  const rows = await db
    .select({
      id: srmChannels.id,
      code: srmChannels.code,
      name: srmChannels.name,
      product: srmChannels.product,
      state: srmChannels.state,
      mccmnc: srmChannelNetworks.mccmnc,
    })
    .from(srmChannelNetworks)
    .innerJoin(srmChannels, eq(srmChannels.id, srmChannelNetworks.channelId))
    .where(and(inArray(srmChannelNetworks.mccmnc, networks)))
    .orderBy(asc(srmChannels.code), asc(srmChannelNetworks.mccmnc))
    .limit(2000);
  const names = await supplierNames(db, [...new Set(rows.map((r) => r.id))]);
  const out = new Map<number, LookupResult['channels'][number]>();
  for (const r of rows) {
    const c = out.get(r.id) ?? {
      id: r.id,
      code: r.code,
      name: r.name,
      product: r.product,
      state: r.state,
      supplierName: names.get(r.id) ?? null,
      networks: [],
    };
    c.networks.push(r.mccmnc);
    out.set(r.id, c);
  }
  // live channels first, then the others by code
  const rank = (s: string) => ['live', 'testing', 'paused', 'closed'].indexOf(s);
  return [...out.values()].sort((a, b) => rank(a.state) - rank(b.state) || a.code.localeCompare(b.code));
}

async function supplierNames(db: Db, channelIds: number[]): Promise<Map<number, string>> {
  if (!channelIds.length) return new Map();
  const rows = await db
    .select({ id: srmChannels.id, name: supplierNameSql })
    .from(srmChannels)
    .where(inArray(srmChannels.id, channelIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}
