import { emptyData, envelope, Perm, pageResult } from '@portal/contracts';
import {
  grantNode,
  memberRow,
  roleDetail,
  roleListQuery,
  roleMembersBody,
  roleMembersQuery,
  roleRow,
  roleSaveBody,
} from '@portal/contracts/system-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Topics } from '../../platform/events/topics.js';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { accessWriteRoutes } from './access-writes.js';
import { rolesExport } from './roles.export.js';
import {
  changeRoleMembers,
  deleteRole,
  roleDetail as detailOf,
  grantTree,
  listRoles,
  roleMembers,
  saveRole,
} from './roles.service.js';

const B = '/v2/sys/staff/role';
const tags = ['system'];
const read = { access: { perm: Perm.SYS_ROLE_LIST }, audit: false } as const;
const edit = { access: { perm: Perm.SYS_ROLE_EDIT }, checkRepeat: true } as const;

/** /setModule/authManage/permissions: roles, their grants, data scope and members. */
export async function roleRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${B}/page`,
    {
      schema: { tags, summary: 'Roles (paged)', body: roleListQuery, response: { 200: envelope(pageResult(roleRow)) } },
      config: read,
    },
    async (req) => ok(await listRoles(p.db, req.body)),
  );

  r.get(
    `${B}/detail`,
    {
      schema: {
        tags,
        summary: 'One role with its grants and chosen departments',
        querystring: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelope(roleDetail) },
      },
      config: read,
    },
    async (req) => ok(await detailOf(p.db, req.query.id)),
  );

  r.get(
    `${B}/resources`,
    {
      schema: {
        tags,
        summary: 'The resource tree to grant from (grantable: the editor holds the key)',
        response: { 200: envelope(z.array(grantNode)) },
      },
      config: read,
    },
    async (req) => ok(await grantTree(p.db, req.auth!)),
  );

  accessWriteRoutes(app, p, {
    base: B,
    record: 'role',
    perm: Perm.SYS_ROLE_EDIT,
    save: {
      summary: 'Create or edit a role (grants, data scope)',
      body: roleSaveBody,
      run: (auth, body) => saveRole(p.db, auth, body),
    },
    remove: { summary: 'Delete a role without members', run: (auth, id) => deleteRole(p.db, auth, id) },
  });

  r.post(
    `${B}/members`,
    {
      schema: {
        tags,
        summary: 'Members of a role (within the data scope)',
        body: roleMembersQuery,
        response: { 200: envelope(pageResult(memberRow)) },
      },
      config: read,
    },
    async (req) => ok(await roleMembers(p.db, req.auth!, req.body)),
  );

  for (const op of ['add', 'remove'] as const) {
    r.post(
      `${B}/members/${op}`,
      {
        schema: {
          tags,
          summary: op === 'add' ? 'Add members to a role' : 'Remove members from a role',
          body: roleMembersBody,
          response: { 200: envelope(emptyData) },
        },
        config: edit,
      },
      async (req) => {
        req.auditRecord = `role:${req.body.roleId}`;
        const users = await changeRoleMembers(p.db, req.auth!, req.body, op);
        // a role's grants decide what its members may do: their guards see the change at once
        for (const u of users) await p.bus.publish(Topics.ACCESS_CHANGED, u);
        return ok(null);
      },
    );
  }

  exportRoute(app, p, `${B}/export`, rolesExport, roleListQuery, 'Export roles (same filters as the page)');
}
