import type { Module } from '../../platform/module.js';
import { mountResource } from '../../platform/resource/index.js';
import { aiQuoteRuns } from './ai-quote/list.js';
import { aiQuoteRoutes } from './ai-quote/routes.js';
import { billingMethods, seedBillingMethods } from './billing-methods.js';
import { rating, useBus } from './books.js';
import { azGroups, quoteGroups } from './groups.js';
import { smsPriceLimits, tariffs } from './limits.js';
import { quoteEmails } from './mails/list.js';
import { quoteMailRoutes } from './mails/routes.js';
import { quotationRoutes } from './routes.js';
import { seedQuotation } from './seed.js';
import { registerSpecialHandler } from './special.js';
import { specialPrices } from './special-list.js';
import { registerSupplierQuoteHandler } from './supplier-quote.js';
import { supplierQuoteRoutes } from './supplier-quote.routes.js';
import { supplierQuotes } from './supplier-quote-list.js';

export { type RatingService, rating } from './books.js';

/**
 * Quotation: versioned price books (customer accounts and quote groups, channel costs), the rating
 * service other rooms use through the `rating` port, limits, special-price and supplier-quote approvals.
 */
export const quotationModule: Module = {
  name: 'quotation',
  async register(app, p) {
    useBus(p.db, p.bus);
    registerSpecialHandler(p);
    registerSupplierQuoteHandler(p);
    await quotationRoutes(app, p);
    await supplierQuoteRoutes(app, p);
    await quoteMailRoutes(app, p);
    await aiQuoteRoutes(app, p);
    for (const b of [
      billingMethods,
      specialPrices,
      supplierQuotes,
      quoteEmails,
      quoteGroups,
      azGroups,
      smsPriceLimits,
      tariffs,
      aiQuoteRuns,
    ])
      await mountResource(app, p, b);
  },
  seed: async (ctx) => {
    await seedQuotation(ctx);
    await seedBillingMethods(ctx.db);
  },
  ports: { rating: (db) => rating(db) },
};
