import type { AuthContext } from './auth/context.js';

/** A module's contribution to the home overview: only figures it really computes. */
export type SummaryProvider = (auth: AuthContext) => Promise<Record<string, number | string | boolean>>;

/** Modules register figures here; the home room collects them. The platform knows no module. */
export class SummaryRegistry {
  private readonly providers = new Map<string, SummaryProvider>();

  register(owner: string, provider: SummaryProvider) {
    this.providers.set(owner, provider);
  }

  async collect(auth: AuthContext): Promise<Record<string, number | string | boolean>> {
    const parts = await Promise.all([...this.providers.values()].map((p) => p(auth)));
    return Object.assign({}, ...parts);
  }
}
