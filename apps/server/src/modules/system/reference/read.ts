import type {
  CountryOption,
  CurrencyOption,
  EntityOption,
  OperatorOption,
  PlatformConfig,
  RateAnswer,
  TimeZoneOption,
} from '@portal/contracts/reference';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { BUS_RESYNC, type EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { D, type Dec, rateString } from './money.js';
import { refCountries, refCurrencies, refEntities, refOperators, refPlatformConfig, refRates } from './schema.js';
import { REF_CHANGED, type RefArea } from './store.js';

export interface ResolvedOperator extends OperatorOption {
  /** the network's own code when it was merged into the operator named here */
  reportedAs: string;
}
export interface CurrencyInfo extends CurrencyOption {
  enabled: boolean;
}
export interface Conversion {
  amountMinor: number;
  rate: string;
  effectiveDay: string | null;
  via: RateAnswer['via'];
}
type Leg = { rate: Dec; day: string | null; inverse: boolean };

/** What every room reads: cached per process, each area dropped when any process changes it. */
export interface ReferenceReader {
  countries(): Promise<CountryOption[]>;
  countryOf(code: string): Promise<CountryOption | undefined>;
  /** the operator a network code reports under (a merged network answers its surviving operator) */
  operatorOf(mccmnc: string): Promise<ResolvedOperator | undefined>;
  /** the active networks of a country (merged and inactive ones left out), by code */
  operatorsOfCountry(country: string): Promise<OperatorOption[]>;
  /** every network an operator picker offers: active and not merged */
  activeOperators(): Promise<OperatorOption[]>;
  currencyOf(code: string): Promise<CurrencyInfo | undefined>;
  currencies(): Promise<CurrencyOption[]>;
  /** 1 `from` in `to` on `day`: the pair as entered, its inverse, or through the base currency */
  rateAt(from: string, to: string, day: string): Promise<RateAnswer>;
  /** `amountMinor` of `from` in minor units of `to` at `day`'s rate, rounded half away from zero */
  convert(amountMinor: number, from: string, to: string, day: string): Promise<Conversion>;
  entities(): Promise<EntityOption[]>;
  platformConfig(): Promise<PlatformConfig>;
  timeZones(): TimeZoneOption[];
}

const readers = new WeakMap<Db, ReferenceReader>();

/** The reader of this database (one per process and database). */
export function reference(p: { db: Db; bus: EventBus }): ReferenceReader {
  let r = readers.get(p.db);
  if (!r) {
    r = createReader(p.db, p.bus);
    readers.set(p.db, r);
  }
  return r;
}

function createReader(db: Db, bus: EventBus): ReferenceReader {
  const cache = new Map<string, Promise<unknown>>();
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let hit = cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  };
  const drop = (area: string) => {
    for (const key of cache.keys()) if (key === area || key.startsWith(`${area}:`)) cache.delete(key);
  };
  bus.subscribe(REF_CHANGED, (area) => drop(area as RefArea));
  bus.subscribe(BUS_RESYNC, () => cache.clear());

  const countryMap = () =>
    cached('countries', async () => {
      const rows = await db.select().from(refCountries).orderBy(asc(refCountries.code));
      return new Map<string, CountryOption>(rows.map((c) => [c.code, c]));
    });

  const operatorMaps = () =>
    cached('operators', async () => {
      const rows = await db.select().from(refOperators).orderBy(asc(refOperators.mccmnc));
      const byId = new Map(rows.map((o) => [o.id, o]));
      const byCode = new Map<string, ResolvedOperator>();
      const active: OperatorOption[] = [];
      for (const o of rows) {
        const target = (o.mergedInto && byId.get(o.mergedInto)) || o;
        byCode.set(o.mccmnc, {
          id: target.id,
          mccmnc: target.mccmnc,
          name: target.name,
          nameEn: target.nameEn,
          countryCode: target.countryCode,
          reportedAs: o.mccmnc,
        });
        if (o.status === 'active')
          active.push({ id: o.id, mccmnc: o.mccmnc, name: o.name, nameEn: o.nameEn, countryCode: o.countryCode });
      }
      return { byCode, active };
    });

  const currencyMap = () =>
    cached('currencies', async () => {
      const rows = await db.select().from(refCurrencies).orderBy(asc(refCurrencies.code));
      return new Map<string, CurrencyInfo>(
        rows.map((c) => [
          c.code,
          { code: c.code, name: c.name, nameEn: c.nameEn, digits: c.digits, symbol: c.symbol, enabled: c.enabled },
        ]),
      );
    });

  const config = () =>
    cached('platform', async () => {
      const [row] = await db.select().from(refPlatformConfig).where(eq(refPlatformConfig.id, 1));
      if (!row) throw new Error('ref_platform_config has no row: the reference seed has not run');
      return {
        baseCurrency: row.baseCurrency,
        rateStaleDays: row.rateStaleDays,
        consoleUrl: row.consoleUrl,
        billingTimeZone: row.billingTimeZone,
      };
    });

  /** both directions of a pair, oldest day first */
  const pairRates = (a: string, b: string) =>
    cached(`rates:${[a, b].sort().join('-')}`, async () => {
      const rows = await db
        .select({ from: refRates.fromCode, to: refRates.toCode, rate: refRates.rate, day: refRates.day })
        .from(refRates)
        .where(
          or(
            and(eq(refRates.fromCode, a), eq(refRates.toCode, b)),
            and(eq(refRates.fromCode, b), eq(refRates.toCode, a)),
          ),
        )
        .orderBy(asc(refRates.day));
      return rows;
    });

  /** the newest rate of the pair in force on `day`, entered either way round */
  const leg = async (from: string, to: string, day: string): Promise<Leg | undefined> => {
    if (from === to) return { rate: new D(1), day: null, inverse: false };
    let best: { rate: string; day: string; inverse: boolean } | undefined;
    for (const r of await pairRates(from, to)) {
      if (r.day > day) break;
      const inverse = r.from !== from;
      // the later day wins; on the same day the pair as entered wins over its inverse
      if (!best || r.day > best.day || !inverse) best = { rate: r.rate, day: r.day, inverse };
    }
    if (!best) return undefined;
    const rate = new D(best.rate);
    return { rate: best.inverse ? new D(1).div(rate) : rate, day: best.day, inverse: best.inverse };
  };

  const rateAt = async (from: string, to: string, day: string): Promise<RateAnswer> => {
    if (from === to) return { from, to, day, rate: '1', effectiveDay: null, via: 'same' };
    const direct = await leg(from, to, day);
    if (direct)
      return {
        from,
        to,
        day,
        rate: rateString(direct.rate),
        effectiveDay: direct.day,
        via: direct.inverse ? 'inverse' : 'direct',
      };
    const { baseCurrency } = await config();
    if (from !== baseCurrency && to !== baseCurrency) {
      const [a, b] = await Promise.all([leg(from, baseCurrency, day), leg(baseCurrency, to, day)]);
      if (a && b)
        return {
          from,
          to,
          day,
          rate: rateString(a.rate.mul(b.rate)),
          effectiveDay: [a.day, b.day].sort()[0] ?? null,
          via: 'base',
        };
    }
    throw new AppError('REF_RATE_MISSING', { vars: { from, to, day } });
  };

  return {
    countries: async () => [...(await countryMap()).values()],
    countryOf: async (code) => (await countryMap()).get(code),
    operatorOf: async (mccmnc) => (await operatorMaps()).byCode.get(mccmnc),
    operatorsOfCountry: async (country) => (await operatorMaps()).active.filter((o) => o.countryCode === country),
    activeOperators: async () => (await operatorMaps()).active,
    currencyOf: async (code) => (await currencyMap()).get(code),
    currencies: async () =>
      [...(await currencyMap()).values()].filter((c) => c.enabled).map(({ enabled: _, ...c }) => c),
    rateAt,
    async convert(amountMinor, from, to, day) {
      const [src, dst] = [(await currencyMap()).get(from), (await currencyMap()).get(to)];
      if (!src) throw new AppError('REF_CURRENCY_UNKNOWN', { vars: { value: from } });
      if (!dst) throw new AppError('REF_CURRENCY_UNKNOWN', { vars: { value: to } });
      if (!Number.isSafeInteger(amountMinor)) throw new AppError('DATA_INVALID');
      const answer = await rateAt(from, to, day);
      // the stored rate as answered (10 decimals), so a conversion can be redone by hand from it
      const out = new D(amountMinor)
        .div(new D(10).pow(src.digits))
        .mul(answer.rate)
        .mul(new D(10).pow(dst.digits))
        .toDecimalPlaces(0);
      const n = out.toNumber();
      if (!Number.isSafeInteger(n)) throw new AppError('DATA_INVALID');
      return { amountMinor: n === 0 ? 0 : n, rate: answer.rate, effectiveDay: answer.effectiveDay, via: answer.via };
    },
    entities: () =>
      // async: a drizzle query is a thenable that runs again at every await; the cache keeps its one answer
      cached('entities', async () =>
        db
          .select({
            id: refEntities.id,
            code: refEntities.code,
            name: refEntities.name,
            nameEn: refEntities.nameEn,
            currencyCode: refEntities.currencyCode,
          })
          .from(refEntities)
          .where(eq(refEntities.enabled, true))
          .orderBy(asc(refEntities.code)),
      ),
    platformConfig: config,
    timeZones,
  };
}

let zones: { day: string; list: TimeZoneOption[] } | undefined;
/** IANA time zones of the runtime with their offset today (daylight saving moves it), west to east. */
export function timeZones(): TimeZoneOption[] {
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  if (zones?.day === day) return zones.list;
  const ids = Intl.supportedValuesOf('timeZone');
  // the runtime lists only zones with a region; UTC is the platform's default billing zone
  const list = (ids.includes('UTC') ? ids : ['UTC', ...ids])
    .map((id) => {
      const name =
        new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName: 'longOffset' })
          .formatToParts(now)
          .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
      const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
      const offsetMinutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
      return { id, offset: m ? `${m[1]}${m[2]}:${m[3]}` : '+00:00', offsetMinutes };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id));
  zones = { day, list };
  return list;
}
