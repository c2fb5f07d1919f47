import type { Module } from '../../platform/module.js';
import { rating, useBus } from './books.js';
import { quotationRoutes } from './routes.js';
import { seedQuotation } from './seed.js';
import { registerSpecialHandler } from './special.js';

export { type RatingService, rating } from './books.js';

/**
 * Quotation: versioned price books (customer accounts and quote groups, channel costs), the rating
 * service other rooms use through the `rating` port, limits and special-price approvals.
 */
export const quotationModule: Module = {
  name: 'quotation',
  async register(app, p) {
    useBus(p.db, p.bus);
    registerSpecialHandler(p);
    await quotationRoutes(app, p);
  },
  seed: (ctx) => seedQuotation(ctx),
  ports: { rating: (db) => rating(db) },
};
