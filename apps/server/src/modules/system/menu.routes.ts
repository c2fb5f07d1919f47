import { emptyData, envelope, Perm } from '@portal/contracts';
import { idBody, menuExportQuery, menuNode, menuSaveBody, treeMoveBody } from '@portal/contracts/system-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Topics } from '../../platform/events/topics.js';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { menuExport } from './menu.export.js';
import { deleteMenuNode, menuTree, moveMenuNode, saveMenuNode } from './menu.service.js';

const B = '/v2/sys/staff/resource';
const tags = ['system'];
const edit = { access: { perm: Perm.SYS_MENU_EDIT }, checkRepeat: true } as const;

/** /setModule/authManage/menu: the menu and button resources. Key changes reach the guards at once. */
export async function menuRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changed = () => p.bus.publish(Topics.ACCESS_CHANGED, '*');

  r.get(
    `${B}/tree`,
    {
      schema: {
        tags,
        summary: 'Menu and button resources (whole tree)',
        response: { 200: envelope(z.array(menuNode)) },
      },
      config: { access: { perm: Perm.SYS_MENU_LIST } },
    },
    async () => ok(await menuTree(p.db)),
  );

  r.post(
    `${B}/save`,
    {
      schema: {
        tags,
        summary: 'Create or edit a menu or button resource',
        body: menuSaveBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: edit,
    },
    async (req) => {
      if (req.body.id) req.auditRecord = `menu:${req.body.id}`;
      const saved = await saveMenuNode(p.db, req.body);
      req.auditRecord = `menu:${saved.id}`;
      await changed();
      return ok(saved);
    },
  );

  r.post(
    `${B}/move`,
    {
      schema: {
        tags,
        summary: 'Move a menu or button resource',
        body: treeMoveBody,
        response: { 200: envelope(emptyData) },
      },
      config: edit,
    },
    async (req) => {
      req.auditRecord = `menu:${req.body.id}`;
      await moveMenuNode(p.db, req.body);
      await changed();
      return ok(null);
    },
  );

  r.post(
    `${B}/delete`,
    {
      schema: {
        tags,
        summary: 'Delete a menu or button resource',
        body: idBody,
        response: { 200: envelope(emptyData) },
      },
      config: edit,
    },
    async (req) => {
      req.auditRecord = `menu:${req.body.id}`;
      await deleteMenuNode(p.db, req.body.id);
      await changed();
      return ok(null);
    },
  );

  exportRoute(app, p, `${B}/export`, menuExport, menuExportQuery, 'Export the menu and button resources');
}
