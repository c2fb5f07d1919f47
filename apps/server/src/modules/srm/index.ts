import type { Module } from '../../platform/module.js';
import { mountOwnership } from '../../platform/ownership/index.js';
import { partiesPort } from '../../platform/parties.js';
import { mountResource } from '../../platform/resource/index.js';
import { admissions, registerAdmissionHandler } from './admission.js';
import { srmChannels } from './channels/index.js';
import { bindingsTo, channelNames, liveChannels } from './channels/refs.js';
import { supplierContacts } from './contacts.js';
import { registerSrmCounterparts } from './counterparts.js';
import { refuseDuplicates } from './duplicates.js';
import { useEntityReader } from './entities.js';
import { srmImportRoutes } from './import.routes.js';
import { registerSrmOptions } from './options.js';
import { supplierOwners } from './ownership.js';
import { requireRuledFields } from './purchase-rules.js';
import { defineSrmJobs, RETENTION_JOB } from './retention.js';
import { srmRoutes } from './routes.js';
import { srmSuppliers } from './schema.js';
import { seedSrm } from './seed.js';
import { srmSettingsRoutes } from './settings-routes.js';
import { registerSupplierRequestHandlers, supplierRequests } from './supplier-requests.js';
import { onSupplierCreate, suppliers } from './suppliers.js';
import { tvsNotices } from './tvs/notices.js';
import { tvsPreviewRoutes } from './tvs/preview.routes.js';
import { tvsRewrites } from './tvs/rewrites.js';
import { seedTvs } from './tvs/seed.js';
import { tvsWithdrawals } from './tvs/withdrawals.js';
import { tvsRoutes } from './tvs.routes.js';

export {
  type ChannelRef,
  channelRefs,
  supplierContactEmails,
  supplierFieldSql,
  supplierRefs,
  supplierWithProducts,
} from './channels/refs.js';

export { spreadDemoSupplierEntities } from './seed.js';

onSupplierCreate(refuseDuplicates);
onSupplierCreate(requireRuledFields);

/**
 * SRM: suppliers (this half: records, contacts, sea and ownership, admission, duplicate check,
 * purchasing rules) and channels (modules/srm/channels, built alongside).
 */
export const srmModule: Module = {
  name: 'srm',
  ports: {
    suppliers: (db) =>
      partiesPort(db, srmSuppliers, {
        id: srmSuppliers.id,
        code: srmSuppliers.code,
        name: srmSuppliers.name,
        country: srmSuppliers.country,
        ownerId: srmSuppliers.ownerId,
      }),
    channels: (db) => ({
      live: (product) => liveChannels(db, product),
      bindingsTo: (channelId, dest, at) => bindingsTo(db, channelId, dest, at),
      names: (ids) => channelNames(db, ids),
    }),
  },
  async register(app, p) {
    // a supplier write checks its entity with the reference reader inside its transaction: load the
    // reader's cache first (on PGlite's one connection a load from inside a transaction waits for itself)
    const entities = useEntityReader(p);
    app.addHook('preHandler', async (req) => {
      if (req.method === 'POST' && /^\/v2\/srm\/supplier\/(save|update|import\/commit)\b/.test(req.url))
        await entities.entities();
    });
    registerAdmissionHandler(p);
    registerSrmCounterparts(p);
    registerSrmOptions(p);
    registerSupplierRequestHandlers(p);
    for (const b of [
      suppliers,
      supplierContacts,
      admissions,
      supplierRequests,
      tvsWithdrawals,
      tvsNotices,
      tvsRewrites,
    ])
      await mountResource(app, p, b);
    await mountOwnership(app, p, supplierOwners);
    await srmRoutes(app, p);
    await srmSettingsRoutes(app, p);
    await srmImportRoutes(app, p);
    await tvsRoutes(app, p);
    await tvsPreviewRoutes(app, p);
    await srmChannels.register(app, p);
  },
  jobs: (p) => {
    defineSrmJobs(p);
    srmChannels.jobs(p);
  },
  schedule: async (p) => {
    await p.jobs.schedule(RETENTION_JOB, '17 3 * * *').catch((err) => {
      p.log.debug({ err }, 'srm retention schedule not set (job queue not started in this process)');
    });
    await srmChannels.schedule(p);
  },
  seed: async (ctx) => {
    await seedSrm(ctx);
    await srmChannels.seed(ctx);
    await seedTvs(ctx);
  },
};
