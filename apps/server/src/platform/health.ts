import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Platform } from './platform.js';

export async function healthRoutes(app: FastifyInstance, p: Platform) {
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['platform'], summary: 'Liveness and database check' } },
    async (_req, reply) => {
      try {
        await p.db.execute(sql`select 1`);
        return { status: 'ok', database: p.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: p.database.kind });
      }
    },
  );
}
