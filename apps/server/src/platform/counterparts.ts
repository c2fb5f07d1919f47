import type { AuthContext } from './auth/context.js';
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

/** A contact with an address of a counterpart, as the write step offers it. */
export interface CounterpartContact {
  email: string;
  name: string;
  counterpartId: number;
  counterpartName: string;
  keyDecisionMaker: boolean;
}

/** Contacts with an address of the counterparts the caller may see (their data scope), one counterpart with `counterpartId`. */
export type ContactFinder = (
  auth: AuthContext,
  q: { keyword?: string; counterpartId?: number; limit: number },
) => Promise<CounterpartContact[]>;

/**
 * Rooms that keep customers or suppliers register a resolver here; the mail room asks it which
 * record a correspondent belongs to. No room reads another's tables: each answers for its own.
 */
export class CounterpartRegistry {
  private readonly resolvers = new Map<string, CounterpartResolver>();
  private readonly finders = new Map<Counterpart['kind'], ContactFinder>();

  register(owner: string, resolver: CounterpartResolver) {
    this.resolvers.set(owner, resolver);
  }

  registerContacts(kind: Counterpart['kind'], finder: ContactFinder) {
    this.finders.set(kind, finder);
  }

  /** Contacts of one kind of counterpart (none when no room keeps that kind). */
  async contacts(kind: Counterpart['kind'], auth: AuthContext, q: Parameters<ContactFinder>[1]) {
    return (await this.finders.get(kind)?.(auth, q)) ?? [];
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
