import { emptyData, envelope, Perm, pageResult } from '@portal/contracts';
import {
  deptExportQuery,
  deptMembersQuery,
  deptNode,
  deptSaveBody,
  idBody,
  memberRow,
  treeMoveBody,
} from '@portal/contracts/system-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Topics } from '../../platform/events/topics.js';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { departmentsExport } from './departments.export.js';
import { deleteDept, deptMembers, deptTree, moveDept, saveDept } from './departments.service.js';

const B = '/v2/sys/staff/dept';
const tags = ['system'];
const read = { access: { perm: Perm.SYS_DEPT_LIST }, audit: false } as const;
const edit = { access: { perm: Perm.SYS_DEPT_EDIT }, checkRepeat: true } as const;

/** /setModule/departmentalOrganization: the department tree, leaders and members. */
export async function departmentRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // department-tree scopes (dept_tree) follow the tree: guards reload them at once
  const changed = () => p.bus.publish(Topics.ACCESS_CHANGED, '*');

  r.get(
    `${B}/tree`,
    {
      schema: { tags, summary: 'Department tree with leaders', response: { 200: envelope(z.array(deptNode)) } },
      config: { access: { perm: Perm.SYS_DEPT_LIST } },
    },
    async (req) => ok(await deptTree(p.db, req.auth!)),
  );

  r.post(
    `${B}/save`,
    {
      schema: {
        tags,
        summary: 'Create or edit a department',
        body: deptSaveBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: edit,
    },
    async (req) => {
      if (req.body.id) req.auditRecord = `dept:${req.body.id}`;
      const saved = await saveDept(p.db, req.auth!, req.body);
      req.auditRecord = `dept:${saved.id}`;
      await changed();
      return ok(saved);
    },
  );

  r.post(
    `${B}/move`,
    {
      schema: { tags, summary: 'Move a department', body: treeMoveBody, response: { 200: envelope(emptyData) } },
      config: edit,
    },
    async (req) => {
      req.auditRecord = `dept:${req.body.id}`;
      await moveDept(p.db, req.auth!, req.body);
      await changed();
      return ok(null);
    },
  );

  r.post(
    `${B}/delete`,
    {
      schema: { tags, summary: 'Delete an empty department', body: idBody, response: { 200: envelope(emptyData) } },
      config: edit,
    },
    async (req) => {
      req.auditRecord = `dept:${req.body.id}`;
      await deleteDept(p.db, req.auth!, req.body.id);
      await changed();
      return ok(null);
    },
  );

  r.post(
    `${B}/members`,
    {
      schema: {
        tags,
        summary: 'Members of a department (within the data scope)',
        body: deptMembersQuery,
        response: { 200: envelope(pageResult(memberRow)) },
      },
      config: read,
    },
    async (req) => ok(await deptMembers(p.db, req.auth!, req.body)),
  );

  exportRoute(app, p, `${B}/export`, departmentsExport, deptExportQuery, 'Export the department tree');
}
