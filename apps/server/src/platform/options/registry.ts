import type { Locale } from '@portal/contracts';
import type { OptionKind, RecordOption } from '@portal/contracts/options';
import type { AuthContext } from '../auth/context.js';
import type { Platform } from '../platform.js';

/**
 * What a room answers for one kind of record it keeps, always within the caller's data scope
 * (a record outside it does not exist for them): a keyword search over code and name, and a
 * look-up of ids a form already holds. Both read indexes (the search column's trigrams, the key).
 * A kind whose names have two languages (staff) names them in `locale`.
 */
export interface OptionProvider {
  search(auth: AuthContext, keyword: string | undefined, limit: number, locale?: Locale): Promise<RecordOption[]>;
  byIds(auth: AuthContext, ids: number[], locale?: Locale): Promise<RecordOption[]>;
}

/** The providers of one platform, by kind; a kind no mounted room keeps answers 10320001. */
export class OptionRegistry {
  private readonly providers = new Map<OptionKind, OptionProvider>();

  register(kind: OptionKind, provider: OptionProvider) {
    if (this.providers.has(kind)) throw new Error(`options: ${kind} is already provided`);
    this.providers.set(kind, provider);
  }

  get(kind: string): OptionProvider | undefined {
    return this.providers.get(kind as OptionKind);
  }
}

const registries = new WeakMap<Platform, OptionRegistry>();

/** The option registry of a platform (one per platform instance); rooms register in `register()`. */
export function optionsOf(p: Platform): OptionRegistry {
  let r = registries.get(p);
  if (!r) {
    r = new OptionRegistry();
    registries.set(p, r);
  }
  return r;
}
