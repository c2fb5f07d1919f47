import { envelope } from '@portal/contracts';
import { deptOption, roleOption } from '@portal/contracts/system-settings';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { departments, roles } from '../../platform/access/schema.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';

const tags = ['system'];
const signedIn = { access: 'authenticated', audit: false } as const;

/**
 * The department and role pickers of forms (`platform/fields`): names and ids only, for any
 * signed-in user, so a form can offer them to someone who may not open the settings screens.
 */
export async function pickerRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v2/sys/staff/dept/options',
    {
      schema: {
        tags,
        summary: 'Departments for pickers (flat, in tree order)',
        response: { 200: envelope(z.array(deptOption)) },
      },
      config: signedIn,
    },
    async () =>
      ok(
        await p.db
          .select({
            id: departments.id,
            parentId: departments.parentId,
            name: departments.name,
            nameEn: departments.nameEn,
          })
          .from(departments)
          .orderBy(asc(departments.sort), asc(departments.id)),
      ),
  );
  r.get(
    '/v2/sys/staff/role/options',
    {
      schema: { tags, summary: 'Roles for pickers', response: { 200: envelope(z.array(roleOption)) } },
      config: signedIn,
    },
    async () =>
      ok(
        await p.db
          .select({ id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn })
          .from(roles)
          .orderBy(asc(roles.id)),
      ),
  );
}
