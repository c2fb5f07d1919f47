import {
  coerceInt32,
  emptyData,
  envelope,
  option,
  Perm,
  pageResult,
  stateUpdateBody,
  wfRoleQuery,
  wfRoleRow,
  wfRoleSaveBody,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { deleteRole, listRoles, roleOptions, saveRole, setRoleEnabled } from './roles.service.js';

const P = '/v2/workflow/role';
const tags = ['workflow'];
const rolesPerm = { perm: Perm.PROCESS_ROLES } as const;
const idParam = z.object({ id: coerceInt32().positive() });
const saved = envelope(z.object({ id: z.number().int() }));

/** Spec 7 "Role": workflow roles and their members. */
export async function roleRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${P}/page`,
    {
      schema: {
        tags,
        summary: 'Workflow roles',
        body: wfRoleQuery,
        response: { 200: envelope(pageResult(wfRoleRow)) },
      },
      config: { access: rolesPerm, audit: false },
    },
    async (req) => ok(await listRoles(p.db, req.body)),
  );
  r.post(
    `${P}/save`,
    {
      schema: { tags, summary: 'Create a workflow role', body: wfRoleSaveBody, response: { 200: saved } },
      config: { access: rolesPerm, checkRepeat: true },
    },
    async (req) => ok(await saveRole(p.db, req.body)),
  );
  r.post(
    `${P}/update/:id`,
    {
      schema: {
        tags,
        summary: 'Change a workflow role and its members',
        params: idParam,
        body: wfRoleSaveBody,
        response: { 200: saved },
      },
      config: { access: rolesPerm, checkRepeat: true },
    },
    async (req) => ok(await saveRole(p.db, req.body, req.params.id)),
  );
  r.post(
    `${P}/stateUpdate`,
    {
      schema: {
        tags,
        summary: 'Enable or disable a workflow role',
        body: stateUpdateBody,
        response: { 200: envelope(emptyData) },
      },
      config: { access: rolesPerm },
    },
    async (req) => {
      await setRoleEnabled(p.db, req.body.id, req.body.enabled);
      return ok(null);
    },
  );
  r.get(
    `${P}/deleted/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a workflow role no current process names',
        params: idParam,
        response: { 200: envelope(emptyData) },
      },
      config: { access: rolesPerm, audit: true },
    },
    async (req) => {
      await deleteRole(p.db, req.params.id);
      return ok(null);
    },
  );
  r.get(
    '/v2/workflow/select/role',
    {
      schema: { tags, summary: 'Workflow role choices', response: { 200: envelope(z.array(option)) } },
      config: { access: 'authenticated' },
    },
    async () => ok(await roleOptions(p.db)),
  );
}
