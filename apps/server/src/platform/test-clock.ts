import { envelope, Perm } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Clock, MovableClock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { ok } from './http/envelope.js';
import { AppError } from './http/errors.js';
import type { Platform } from './platform.js';

/** The hosts a test server may listen on: this machine only. */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export const TEST_CLOCK_PATH = '/v2/test/clock/advance';

/**
 * The clock a server runs on (decision 0052): real time, except with `APP_ENV=test`, where it is a
 * clock an administrator moves forward (end-to-end tests of what falls due: the open sea's return).
 * Such a server must listen on a loopback host: boot refuses otherwise, so no reachable server's
 * time can be moved.
 */
export function serverClock(config: Pick<Config, 'appEnv' | 'host'>): Clock {
  if (config.appEnv !== 'test') return systemClock;
  if (!LOOPBACK.has(config.host))
    throw new Error(`APP_ENV=test moves the clock: listen on a loopback host (HOST=127.0.0.1), not ${config.host}`);
  return new MovableClock();
}

const advanceBody = z.object({
  /** how far forward, at most a year at a time */
  ms: z
    .number()
    .int()
    .min(1)
    .max(366 * 86_400_000),
  /** jobs to queue at once on the moved time (what falls due need not wait for its schedule) */
  jobs: z.array(z.string().min(1).max(64)).max(10).optional(),
});

/**
 * `POST /v2/test/clock/advance`, for who may edit roles (an administrator): moves the clock the
 * jobs and services read (`p.clock`). On any server but a test one on loopback it answers
 * TEST_CLOCK_OFF and moves nothing.
 */
export async function testClockRoutes(app: FastifyInstance, p: Platform) {
  const clock = p.clock;
  const on = p.config.appEnv === 'test' && LOOPBACK.has(p.config.host) && clock instanceof MovableClock;
  app.withTypeProvider<ZodTypeProvider>().post(
    TEST_CLOCK_PATH,
    {
      schema: {
        tags: ['test'],
        summary: 'Move the test server’s clock forward (APP_ENV=test on loopback only; administrators)',
        body: advanceBody,
        response: { 200: envelope(z.object({ now: z.string() })) },
      },
      config: { access: { perm: Perm.SYS_ROLE_EDIT } },
    },
    async (req) => {
      if (!on) throw new AppError('TEST_CLOCK_OFF');
      const jobs = req.body.jobs ?? [];
      const unknown = jobs.filter((j) => !p.jobs.has(j));
      if (unknown.length)
        throw new AppError('VALIDATION_FAILED', {
          data: [{ field: 'body.jobs', message: `unknown: ${unknown.join(', ')}` }],
        });
      clock.advance(req.body.ms);
      p.log.warn({ ms: req.body.ms, now: clock.now().toISOString(), jobs }, 'test clock moved');
      for (const j of jobs) await p.jobs.send(j, {});
      return ok({ now: clock.now().toISOString() });
    },
  );
}
