import { emptyData, envelope } from '@portal/contracts';
import { idBody, type TreeMoveBody, treeMoveBody } from '@portal/contracts/system-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/context.js';
import { Topics } from '../../platform/events/topics.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';

/** Every guard reloads the keys and scopes at once (a menu key, a role's grants, the department tree). */
export const accessChanged = (p: Platform) => p.bus.publish(Topics.ACCESS_CHANGED, '*');

interface Writes<S extends { id?: number }> {
  /** the screen's routes: `${base}/save`, `/move`, `/delete` */
  base: string;
  /** how the operation log names a record: `${record}:${id}` */
  record: string;
  perm: string;
  save: { summary: string; body: z.ZodType<S>; run(auth: AuthContext, body: S): Promise<{ id: number }> };
  /** a tree's records move under another parent */
  move?: { summary: string; run(auth: AuthContext, body: TreeMoveBody): Promise<void> };
  remove: { summary: string; run(auth: AuthContext, id: number): Promise<void> };
}

/**
 * The save, move and delete routes of a record that decides access (menus, departments, roles): each
 * names its record for the operation log, writes, then tells every guard.
 */
export function accessWriteRoutes<S extends { id?: number }>(app: FastifyInstance, p: Platform, w: Writes<S>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  const config = { access: { perm: w.perm }, checkRepeat: true } as const;

  r.post(
    `${w.base}/save`,
    {
      schema: {
        tags,
        summary: w.save.summary,
        body: w.save.body,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config,
    },
    async (req) => {
      // the provider cannot narrow a generic schema's type; the schema has checked the body
      const body = req.body as S;
      if (body.id) req.auditRecord = `${w.record}:${body.id}`;
      const saved = await w.save.run(req.auth!, body);
      req.auditRecord = `${w.record}:${saved.id}`;
      await accessChanged(p);
      return ok(saved);
    },
  );

  const move = w.move;
  if (move)
    r.post(
      `${w.base}/move`,
      { schema: { tags, summary: move.summary, body: treeMoveBody, response: { 200: envelope(emptyData) } }, config },
      async (req) => {
        req.auditRecord = `${w.record}:${req.body.id}`;
        await move.run(req.auth!, req.body);
        await accessChanged(p);
        return ok(null);
      },
    );

  r.post(
    `${w.base}/delete`,
    { schema: { tags, summary: w.remove.summary, body: idBody, response: { 200: envelope(emptyData) } }, config },
    async (req) => {
      req.auditRecord = `${w.record}:${req.body.id}`;
      await w.remove.run(req.auth!, req.body.id);
      await accessChanged(p);
      return ok(null);
    },
  );
}
