import { envelope } from '@portal/contracts';
import {
  OPTIONS_MAX,
  OPTIONS_PATH,
  type OptionKind,
  optionsParams,
  optionsQuery,
  recordOption,
} from '@portal/contracts/options';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { localeOf } from '../http/locale.js';
import type { Platform } from '../platform.js';
import { optionsOf } from './registry.js';
import { optionScope } from './scope.js';

/**
 * The one route of the record pickers: a search (`keyword`, at most OPTIONS_MAX, code order) or a
 * look-up (`ids`: the ones the caller may see, in the order asked). Open to every signed-in user:
 * what they get is bounded by their data scope, as in the owning room's own lists, or every record
 * for the keys that bind any (scope.ts).
 */
export async function optionRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${OPTIONS_PATH}/:kind`,
    {
      schema: {
        tags: ['access'],
        summary:
          'Customers, agents, suppliers, accounts, staff or channels to pick: by code or name, or by ids, within the data scope',
        params: optionsParams,
        querystring: optionsQuery,
        response: { 200: envelope(z.array(recordOption)) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => {
      const provider = optionsOf(p).get(req.params.kind);
      if (!provider) throw new AppError('OPTIONS_KIND_UNKNOWN', { vars: { value: req.params.kind } });
      const { keyword, ids } = req.query;
      const auth = optionScope(req.auth!, req.params.kind as OptionKind);
      const locale = localeOf(req.headers);
      if (ids && keyword) throw new AppError('OPTIONS_KEYWORD_WITH_IDS');
      if (ids) {
        const found = new Map((await provider.byIds(auth, ids, locale)).map((o) => [o.id, o]));
        return ok(ids.flatMap((id) => found.get(id) ?? []));
      }
      return ok(await provider.search(auth, keyword || undefined, OPTIONS_MAX, locale));
    },
  );
}
