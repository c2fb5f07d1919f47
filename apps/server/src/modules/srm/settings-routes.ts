import { envelope } from '@portal/contracts';
import {
  clueSettings,
  clueViewRules,
  domainRules,
  duplicateCheckSettings,
  levelRules,
  retentionRules,
  SrmPerm,
  seaContact,
  seaRules,
  shareRules,
  suffixRules,
  supplierResource,
  supplierRules,
} from '@portal/contracts/srm';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/index.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { applyLevelRules, seaContactsOf } from './purchase-rules.js';
import { checkSeaRules } from './rules.js';
import { srmSuppliers } from './schema.js';
import {
  clueSettingsDoc,
  clueViewRulesDoc,
  domainRulesDoc,
  duplicateCheckDoc,
  levelRulesDoc,
  retentionRulesDoc,
  seaRulesDoc,
  shareRulesDoc,
  suffixRulesDoc,
  supplierRulesDoc,
} from './settings.js';

const tags = ['srm'];
const S = '/v2/srm/settings';

interface SettingsDoc<T> {
  /** the path under /v2/srm/settings */
  path: string;
  summary: string;
  schema: z.ZodType<T>;
  /** the screen's key: reads and writes (`read: 'authenticated'` when every lead screen needs it) */
  perm: string;
  read?: 'authenticated';
  store: { read(db: DbOrTx): Promise<T>; write(db: DbOrTx, v: T, userId: number, now: Date): Promise<void> };
  /** what the schema cannot check, before the write (the answer is the document read back) */
  check?(p: Platform, v: T): Promise<unknown>;
}

const levelsKnown = (p: Platform, levels: string[]) =>
  Promise.all(
    levels.map((level) => checkDictValues(p.db, supplierResource.fields, { level }, 'SRM_DICT_VALUE_UNKNOWN')),
  );

/** The purchasing settings documents, each a GET and a POST of one zod-checked document. */
const docs = [
  {
    path: 'sea-rules',
    summary: 'the supplier open-sea rules',
    schema: seaRules,
    perm: SrmPerm.SEA_RULES,
    store: seaRulesDoc,
    check: async (_p, v) => checkSeaRules(v),
  } satisfies SettingsDoc<z.infer<typeof seaRules>>,
  {
    path: 'duplicate-check',
    summary: 'the supplier duplicate-check settings',
    schema: duplicateCheckSettings,
    perm: SrmPerm.DUPLICATE_CHECK,
    store: duplicateCheckDoc,
  } satisfies SettingsDoc<z.infer<typeof duplicateCheckSettings>>,
  {
    path: 'domain-rules',
    summary: 'shared domains the supplier duplicate check ignores',
    schema: domainRules,
    perm: SrmPerm.DOMAIN_RULES,
    store: domainRulesDoc,
  } satisfies SettingsDoc<z.infer<typeof domainRules>>,
  {
    path: 'retention-rules',
    summary: 'idle days before return, per supplier level',
    schema: retentionRules,
    perm: SrmPerm.RETENTION_RULES,
    store: retentionRulesDoc,
    check: (p, v) =>
      levelsKnown(
        p,
        v.byLevel.map((r) => r.level),
      ),
  } satisfies SettingsDoc<z.infer<typeof retentionRules>>,
  {
    path: 'clue',
    summary: 'the supplier lead settings (the lead screens read them)',
    schema: clueSettings,
    perm: SrmPerm.CLUE_SETTINGS,
    // what counts as a followed lead is no secret: every signed-in user's lead screen reads it
    read: 'authenticated',
    store: clueSettingsDoc,
  } satisfies SettingsDoc<z.infer<typeof clueSettings>>,
  {
    path: 'supplier-rules',
    summary: 'the fields a new supplier must have, per type',
    schema: supplierRules,
    perm: SrmPerm.SUPPLIER_RULES,
    store: supplierRulesDoc,
  } satisfies SettingsDoc<z.infer<typeof supplierRules>>,
  {
    path: 'level-rules',
    summary: 'the steps that set a supplier level (nightly)',
    schema: levelRules,
    perm: SrmPerm.LEVEL_RULES,
    store: levelRulesDoc,
    check: (p, v) =>
      levelsKnown(
        p,
        v.steps.map((s) => s.level),
      ),
  } satisfies SettingsDoc<z.infer<typeof levelRules>>,
  {
    path: 'suffix-rules',
    summary: 'mail domain suffixes that name a supplier (mail counterpart matching)',
    schema: suffixRules,
    perm: SrmPerm.SUFFIX_RULES,
    store: suffixRulesDoc,
    async check(p, v) {
      const codes = [...new Set(v.rows.map((r) => r.supplierCode))];
      const found = codes.length
        ? await p.db.select({ code: srmSuppliers.code }).from(srmSuppliers).where(inArray(srmSuppliers.code, codes))
        : [];
      const unknown = codes.find((c) => !found.some((f) => f.code === c));
      if (unknown) throw new AppError('SRM_SUFFIX_SUPPLIER_UNKNOWN', { vars: { value: unknown } });
    },
  } satisfies SettingsDoc<z.infer<typeof suffixRules>>,
  {
    path: 'clue-view-rules',
    summary: 'whether the sea shows a sea supplier’s contacts',
    schema: clueViewRules,
    perm: SrmPerm.CLUE_VIEW_RULES,
    store: clueViewRulesDoc,
  } satisfies SettingsDoc<z.infer<typeof clueViewRules>>,
  {
    path: 'share-rules',
    summary: 'most members per supplier and whether write access may be shared',
    schema: shareRules,
    perm: SrmPerm.SHARE_RULES,
    store: shareRulesDoc,
  } satisfies SettingsDoc<z.infer<typeof shareRules>>,
];

/** The purchasing settings and rules: one GET and one POST per document, and what the rules screens ask besides. */
export async function srmSettingsRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const d of docs as SettingsDoc<unknown>[]) {
    r.get(
      `${S}/${d.path}`,
      {
        schema: { tags, summary: `The ${d.summary}`, response: { 200: envelope(d.schema) } },
        config: { access: d.read ?? { perm: d.perm } },
      },
      async () => ok(await d.store.read(p.db)),
    );
    r.post(
      `${S}/${d.path}`,
      {
        schema: { tags, summary: `Save ${d.summary}`, body: d.schema, response: { 200: envelope(d.schema) } },
        config: { access: { perm: d.perm }, checkRepeat: true },
      },
      async (req) => {
        await d.check?.(p, req.body);
        await d.store.write(p.db, req.body, req.auth!.userId, p.clock.now());
        return ok(await d.store.read(p.db));
      },
    );
  }

  r.post(
    `${S}/level-rules/apply`,
    {
      schema: {
        tags,
        summary: 'Run the level rules now (the nightly job does it too); answers how many suppliers moved',
        response: { 200: envelope(z.object({ moved: z.number() })) },
      },
      config: { access: { perm: SrmPerm.LEVEL_RULES }, checkRepeat: true },
    },
    async () => ok({ moved: await applyLevelRules(p) }),
  );

  r.get(
    '/v2/srm/sea-supplier/contacts',
    {
      schema: {
        tags,
        summary:
          'A sea supplier’s contacts, when the lead viewing rules show them (phone and e-mail with the details key)',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(z.array(seaContact)) },
      },
      config: { access: { perm: SrmPerm.SEA } },
    },
    async (req) => ok(await seaContactsOf(p.db, req.auth!, req.query.id)),
  );
}
