import { envelope, Perm } from '@portal/contracts';
import { menuExportQuery, menuNode, menuSaveBody } from '@portal/contracts/system-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { accessWriteRoutes } from './access-writes.js';
import { menuExport } from './menu.export.js';
import { deleteMenuNode, menuTree, moveMenuNode, saveMenuNode } from './menu.service.js';

const B = '/v2/sys/staff/resource';
const tags = ['system'];

/** /setModule/authManage/menu: the menu and button resources. Key changes reach the guards at once. */
export async function menuRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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

  accessWriteRoutes(app, p, {
    base: B,
    record: 'menu',
    perm: Perm.SYS_MENU_EDIT,
    save: {
      summary: 'Create or edit a menu or button resource',
      body: menuSaveBody,
      run: (_auth, body) => saveMenuNode(p.db, body),
    },
    move: { summary: 'Move a menu or button resource', run: (_auth, body) => moveMenuNode(p.db, body) },
    remove: { summary: 'Delete a menu or button resource', run: (_auth, id) => deleteMenuNode(p.db, id) },
  });

  exportRoute(app, p, `${B}/export`, menuExport, menuExportQuery, 'Export the menu and button resources');
}
