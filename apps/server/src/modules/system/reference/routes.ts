import multipart from '@fastify/multipart';
import type { RouteAccess } from '@portal/contracts';
import { envelope } from '@portal/contracts';
import {
  bankOption,
  countryOption,
  currencyOption,
  entityOption,
  operatorOption,
  operatorOptionsQuery,
  platformConfigRow,
  platformConfigSaveBody,
  REF_BASE,
  RefPerm,
  rateAnswer,
  rateAtQuery,
  rateImportResult,
  timeZoneOption,
} from '@portal/contracts/reference';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { bankOptions } from './entities.js';
import * as side from './platform-side.js';
import { parseRateFile } from './rate-file.js';
import { importRates } from './rates.js';
import { reference } from './read.js';

const tags = ['reference'];
const none = z.null();
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const signedIn = 'authenticated' as const;

/**
 * Reference data under /v2/sys/staff/ref: pickers any signed-in user reads (`…/options`, `rate/at`),
 * the rate file import and the platform's one settings record, each guarded by its screen's key
 * (every settings list is a resource: `reference/resources.ts`). Writes are check-repeat and
 * audited; updates carry the version they were based on.
 */
export async function referenceRoutes(app: FastifyInstance, p: Platform) {
  const ref = reference(p);
  const by = (perm: string): RouteAccess => ({ perm });

  /** a read: GET with a query string, or POST with a body (pages) */
  function read<I extends z.ZodObject, O extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    summary: string,
    access: RouteAccess,
    input: I,
    output: O,
    handler: (input: z.infer<I>, req: FastifyRequest) => Promise<z.input<O>>,
  ) {
    // plain (untyped) routes: a generic helper cannot name each route's reply; the schemas still check it
    app.route({
      method,
      url: `${REF_BASE}/${path}`,
      schema: {
        tags,
        summary,
        ...(method === 'GET' ? { querystring: input } : { body: input }),
        response: { 200: envelope(output) },
      },
      config: { access, audit: false },
      handler: async (req) => ok(await handler((method === 'GET' ? req.query : req.body) as z.infer<I>, req)),
    });
  }
  /** a check-repeat write with a JSON body */
  function write<I extends z.ZodType, O extends z.ZodType>(
    path: string,
    summary: string,
    perm: string,
    body: I,
    answer: O,
    handler: (body: z.infer<I>, req: FastifyRequest) => Promise<unknown>,
  ) {
    app.route({
      method: 'POST',
      url: `${REF_BASE}/${path}`,
      schema: { tags, summary, body, response: { 200: envelope(answer) } },
      config: { access: by(perm), checkRepeat: true },
      handler: async (req) => ok((await handler(req.body as z.infer<I>, req)) ?? null),
    });
  }
  const userId = (req: FastifyRequest) => req.auth!.userId;
  const empty = z.object({});

  // pickers
  read(
    'GET',
    'country/options',
    'Countries and regions (ISO 3166-1) for pickers',
    signedIn,
    empty,
    z.array(countryOption),
    () => ref.countries(),
  );
  read(
    'GET',
    'operator/options',
    'Active mobile networks, of one country when given',
    signedIn,
    operatorOptionsQuery,
    z.array(operatorOption),
    (q) => (q.country ? ref.operatorsOfCountry(q.country) : ref.activeOperators()),
  );
  read('GET', 'currency/options', 'Enabled currencies for pickers', signedIn, empty, z.array(currencyOption), () =>
    ref.currencies(),
  );
  read(
    'GET',
    'timezone/options',
    'IANA time zones with their offset today',
    signedIn,
    empty,
    z.array(timeZoneOption),
    async () => ref.timeZones(),
  );
  read('GET', 'entity/options', 'Enabled signing entities for pickers', signedIn, empty, z.array(entityOption), () =>
    ref.entities(),
  );
  read('GET', 'bank/options', 'Enabled banks for pickers', signedIn, empty, z.array(bankOption), () =>
    bankOptions(p.db),
  );
  read(
    'GET',
    'rate/at',
    'The rate of a pair on a day (direct, inverse or through the base currency)',
    signedIn,
    rateAtQuery,
    rateAnswer,
    (q) => ref.rateAt(q.from, q.to, q.day),
  );

  // multipart only here: the other routes keep refusing it with 415
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${REF_BASE}/rate/import`,
      {
        schema: {
          tags,
          summary: 'Import rates from an XLSX or CSV file (columns from, to, rate, day, note); all rows or none',
          consumes: ['multipart/form-data'],
          querystring: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
          response: { 200: envelope(rateImportResult) },
        },
        config: { access: by(RefPerm.RATE), checkRepeat: true },
      },
      async (req) => {
        let part: Awaited<ReturnType<FastifyRequest['file']>>;
        try {
          part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
            throw new AppError('UNSUPPORTED_MEDIA_TYPE');
          throw err;
        }
        if (!part) throw new AppError('FILE_MISSING');
        const rows = await parseRateFile(part.filename, await part.toBuffer());
        return ok(await importRates(p.db, p.bus, userId(req), rows, req.query.dryRun === 'true'));
      },
    );
  });

  // the messaging platform's side
  read(
    'GET',
    'uconfig/get',
    "The messaging platform's settings",
    by(RefPerm.PLATFORM_CONFIG),
    empty,
    platformConfigRow,
    () => side.platformConfigRow(p.db),
  );
  write(
    'uconfig/save',
    "Save the messaging platform's settings",
    RefPerm.PLATFORM_CONFIG,
    platformConfigSaveBody,
    none,
    (b) => side.savePlatformConfig(p.db, p.bus, b),
  );
}
