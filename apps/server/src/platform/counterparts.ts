import type { Platform } from './platform.js';

/** A business counterpart an e-mail address belongs to (a customer, later a supplier). */
export interface Counterpart {
  kind: 'customer' | 'supplier';
  id: number;
  name: string;
  /** the staff member owning the record (null: in the pool or unowned) */
  ownerId: number | null;
}

/** Answers, for lower-case addresses, the counterpart each belongs to (addresses it does not know are left out). */
export type CounterpartResolver = (emails: string[]) => Promise<Map<string, Counterpart>>;

/**
 * Rooms that keep customers or suppliers register a resolver here; the mail room asks it which
 * record a correspondent belongs to. No room reads another's tables: each answers for its own.
 */
export class CounterpartRegistry {
  private readonly resolvers = new Map<string, CounterpartResolver>();

  register(owner: string, resolver: CounterpartResolver) {
    this.resolvers.set(owner, resolver);
  }

  /** Every known address with its counterpart; the first registered room to know an address wins. */
  async resolve(emails: string[]): Promise<Map<string, Counterpart>> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e.includes('@')))];
    const out = new Map<string, Counterpart>();
    if (wanted.length === 0) return out;
    for (const r of this.resolvers.values()) {
      const got = await r(wanted.filter((e) => !out.has(e)));
      for (const [e, c] of got) if (!out.has(e)) out.set(e, c);
    }
    return out;
  }
}

const registries = new WeakMap<Platform, CounterpartRegistry>();

/** The counterpart registry of a platform (one per platform instance). */
export function counterpartsOf(p: Platform): CounterpartRegistry {
  let r = registries.get(p);
  if (!r) {
    r = new CounterpartRegistry();
    registries.set(p, r);
  }
  return r;
}
