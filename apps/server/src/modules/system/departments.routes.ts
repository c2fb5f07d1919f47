import { envelope, Perm, pageResult } from '@portal/contracts';
import {
  deptExportQuery,
  deptMembersQuery,
  deptNode,
  deptSaveBody,
  memberRow,
} from '@portal/contracts/system-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { accessWriteRoutes } from './access-writes.js';
import { departmentsExport } from './departments.export.js';
import { deleteDept, deptMembers, deptTree, moveDept, saveDept } from './departments.service.js';

const B = '/v2/sys/staff/dept';
const tags = ['system'];
const read = { access: { perm: Perm.SYS_DEPT_LIST }, audit: false } as const;

/** /setModule/departmentalOrganization: the department tree, leaders and members. */
export async function departmentRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${B}/tree`,
    {
      schema: { tags, summary: 'Department tree with leaders', response: { 200: envelope(z.array(deptNode)) } },
      config: { access: { perm: Perm.SYS_DEPT_LIST } },
    },
    async (req) => ok(await deptTree(p.db, req.auth!)),
  );

  // department-tree scopes (dept_tree) follow the tree: the writes reach the guards at once
  accessWriteRoutes(app, p, {
    base: B,
    record: 'dept',
    perm: Perm.SYS_DEPT_EDIT,
    save: {
      summary: 'Create or edit a department',
      body: deptSaveBody,
      run: (auth, body) => saveDept(p.db, auth, body),
    },
    move: { summary: 'Move a department', run: (auth, body) => moveDept(p.db, auth, body) },
    remove: { summary: 'Delete an empty department', run: (auth, id) => deleteDept(p.db, auth, id) },
  });

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
