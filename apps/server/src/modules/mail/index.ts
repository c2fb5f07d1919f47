import { eq } from 'drizzle-orm';
import type { Module } from '../../platform/module.js';
import { mountResource } from '../../platform/resource/index.js';
import './messages.js';
import { marketingRoutes } from './marketing/routes.js';
import { campaignSender, MARKETING_SEND_JOB } from './marketing/sending.js';
import { bindMailPort, mailPort } from './port.js';
import { mailRoomOf } from './room.js';
import { mailRoutes } from './routes.js';
import { mailBookRoutes } from './routes-book.js';
import { mailCallRoutes } from './routes-calls.js';
import { mailRecordRoutes } from './routes-records.js';
import { mailAccounts } from './schema.js';
import { seedMailDemo } from './seed.js';
import { mailSettingsRoutes, purgeOldSpam, sharedSignatures } from './settings.js';
import { timedSends } from './timed.js';

export const MAIL_SYNC_JOB = 'mail.sync';
export const MAIL_TIMED_JOB = 'mail.timed';
export const MAIL_SPAM_RETENTION_JOB = 'mail.spam-retention';

/** The staff mail client: mailboxes on real IMAP/SMTP servers or the built-in one, one store. */
export const mailModule: Module = {
  name: 'mail',
  async register(app, p) {
    bindMailPort(p);
    const room = await mailRoomOf(p);
    await room.local.listen(p.config.mail.localSmtpPort);
    app.addHook('onClose', async () => {
      await room.watcher.close();
      await room.local.close();
    });
    await mailRoutes(app, p, room.service);
    await mailBookRoutes(app, p, room.service);
    await mailRecordRoutes(app, p, room.service);
    await mailCallRoutes(app, p, room.service);
    await mailSettingsRoutes(app, p);
    await marketingRoutes(app, p, room.service);
    await mountResource(app, p, sharedSignatures);
    app.addHook('onReady', () => room.watcher.refresh().catch((err) => p.log.warn({ err }, 'mail watch failed')));
  },
  jobs(p) {
    // every imap mailbox, one after another; a failing one is recorded on it and skipped
    p.jobs.define(
      MAIL_SYNC_JOB,
      async () => {
        const { service, watcher } = await mailRoomOf(p);
        // bindings made on another instance are watched here too
        await watcher.refresh();
        const boxes = await p.db.select().from(mailAccounts).where(eq(mailAccounts.connector, 'imap'));
        for (const b of boxes)
          await service.sync(b).catch((err) => p.log.warn({ err, account: b.id }, 'mail sync failed'));
      },
      { retryLimit: 0 },
    );
    // timed drafts whose time has come (the app clock), sent once each
    p.jobs.define(
      MAIL_TIMED_JOB,
      async () => {
        const { service } = await mailRoomOf(p);
        await timedSends(p, service).sendDue();
      },
      { retryLimit: 0 },
    );
    // a marketing mail's copies, one by one; a retry resumes after the last finished copy
    p.jobs.define<{ campaignId: number }>(
      MARKETING_SEND_JOB,
      async ({ campaignId }) => {
        const { service } = await mailRoomOf(p);
        await campaignSender(p, service).run(campaignId);
      },
      { retryLimit: 3, retryDelay: 10, expireInSeconds: 60 * 60 },
    );
    // spam past the inbox settings' retention days leaves the store
    p.jobs.define(
      MAIL_SPAM_RETENTION_JOB,
      async () => {
        const n = await purgeOldSpam(p);
        if (n) p.log.info({ deleted: n }, 'old spam deleted');
      },
      { retryLimit: 0 },
    );
  },
  schedule: async (p) => {
    await p.jobs.schedule(MAIL_SYNC_JOB, '* * * * *');
    await p.jobs.schedule(MAIL_TIMED_JOB, '* * * * *');
    await p.jobs.schedule(MAIL_SPAM_RETENTION_JOB, '17 3 * * *');
  },
  seed: seedMailDemo,
  ports: { mail: (db) => mailPort(db) },
};
