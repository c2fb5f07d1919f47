import { envelope } from '@portal/contracts';
import { resourceFieldAnswer, resourceFieldQuery, SIGNED_IN } from '@portal/contracts/resource';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { boundResource } from './bind.js';
import { visibleFields } from './query.js';

/**
 * Field-level permission (spec 7): the fields of a resource the caller may see, the same set rows,
 * details and exports carry. A caller who may not open the list gets NO_PERMISSION.
 */
export async function resourceFieldRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v2/sys/staff/resource/field/get',
    {
      schema: {
        tags: ['access'],
        summary: 'The fields of a resource the caller may see (field-level permission)',
        body: resourceFieldQuery,
        response: { 200: envelope(resourceFieldAnswer) },
      },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => {
      const b = boundResource(req.body.resource);
      if (!b) throw new AppError('NOT_FOUND');
      // a personal list (SIGNED_IN) is every signed-in user's own
      if (b.def.access.list !== SIGNED_IN && !req.auth!.perms.has(b.def.access.list))
        throw new AppError('NO_PERMISSION');
      return ok({ resource: b.def.key, fields: visibleFields(b.def, req.auth!) });
    },
  );
}
