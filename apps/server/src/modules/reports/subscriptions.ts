import {
  DIM_TITLE,
  MAX_SUBSCRIPTION_RECIPIENTS,
  type PeriodKind,
  type ReportDef,
  type ReportQuery,
  reportByKey,
  reportSubscriptionResource,
  subscriptionDrill,
  ymdOf,
} from '@portal/contracts/reports';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { filesOf } from '../../platform/files/service.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { portOf } from '../../platform/ports.js';
import { bindResource } from '../../platform/resource/index.js';
import { escapeHtml } from '../../platform/sso/pages.js';
import { writeReportFile } from './export.js';
import { runReport } from './kernel.js';
import { rptSubscriptions } from './schema.js';

const t = rptSubscriptions;
export const SUBSCRIPTIONS_JOB = 'reports.subscriptions';
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** the recipients as written (commas, semicolons or spaces), checked and tidied; the error names the first bad one */
export function recipientsOf(raw: string): string[] {
  const list = [
    ...new Set(
      raw
        .split(/[,;\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const bad = list.find((e) => !EMAIL.test(e) || e.length > 254);
  if (bad !== undefined || !list.length || list.length > MAX_SUBSCRIPTION_RECIPIENTS)
    throw new AppError('RPT_SUB_RECIPIENT_INVALID', { vars: { value: bad ?? (raw.trim() || '-') } });
  return list;
}

function mayOpen(auth: Pick<AuthContext, 'perms'>, key: string): ReportDef {
  const def = reportByKey(String(key));
  if (!def || def.source === 'waiting' || !auth.perms.has(def.perm))
    throw new AppError('RPT_SUB_REPORT_DENIED', { vars: { value: def ? def.title.en : String(key) } });
  return def;
}

/** the drill values of a subscription's filters on its report; a step that does not fit is refused */
function drillOf(def: ReportDef, filters: unknown) {
  const d = subscriptionDrill(def, String(filters ?? '[]'));
  if ('error' in d) throw new AppError('RPT_SUB_FILTERS_INVALID', { vars: { value: d.error } });
  return d;
}

/** `/reportAnalysis/subscriptions` on the kernel: one's own subscriptions, only to reports one may open. */
export const reportSubscriptions = bindResource(reportSubscriptionResource, {
  table: t,
  columns: {
    report: t.report,
    frequency: t.frequency,
    recipients: t.recipients,
    enabled: t.enabled,
    ownerId: t.ownerId,
    locale: t.locale,
    filters: t.filters,
    lastPeriod: t.lastPeriod,
    lastSentAt: t.lastSentAt,
    lastError: t.lastError,
    updatedAt: t.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const def = mayOpen(ctx.auth, String(input.report));
      return {
        filters: JSON.stringify(drillOf(def, input.filters).steps),
        recipients: recipientsOf(String(input.recipients)).join(', '),
        ownerId: ctx.auth.userId,
        updatedAt: ctx.p.clock.now(),
      };
    },
    async beforeUpdate(ctx, before, patch) {
      const def =
        patch.report !== undefined ? mayOpen(ctx.auth, String(patch.report)) : reportByKey(String(before.report));
      const recipients = patch.recipients !== undefined ? recipientsOf(String(patch.recipients)).join(', ') : undefined;
      // the drill-down must fit the report as it will be (a new report, or new filters)
      const filters =
        def && (patch.report !== undefined || patch.filters !== undefined)
          ? JSON.stringify(drillOf(def, patch.filters !== undefined ? patch.filters : before.filters).steps)
          : undefined;
      // a changed report, drill-down or frequency starts again from the next complete period
      const restart =
        (patch.report !== undefined && patch.report !== before.report) ||
        (patch.frequency !== undefined && patch.frequency !== before.frequency) ||
        (filters !== undefined && filters !== before.filters);
      return {
        ...(recipients !== undefined ? { recipients } : {}),
        ...(filters !== undefined ? { filters } : {}),
        ...(restart ? { lastPeriod: null, lastError: null } : {}),
        updatedAt: ctx.p.clock.now(),
      };
    },
  },
});

/** The last complete period of a kind on a day (UTC): yesterday, last Monday–Sunday week, last month. */
export function lastComplete(kind: Exclude<PeriodKind, 'custom'>, today: string): { from: string; to: string } {
  const DAY = 86_400_000;
  const d = Date.parse(`${today}T00:00:00Z`);
  if (kind === 'day') return { from: ymdOf(d - DAY), to: ymdOf(d - DAY) };
  if (kind === 'week') {
    const monday = d - ((new Date(d).getUTCDay() + 6) % 7) * DAY;
    return { from: ymdOf(monday - 7 * DAY), to: ymdOf(monday - DAY) };
  }
  const a = new Date(d);
  return {
    from: ymdOf(Date.UTC(a.getUTCFullYear(), a.getUTCMonth() - 1, 1)),
    to: ymdOf(Date.UTC(a.getUTCFullYear(), a.getUTCMonth(), 0)),
  };
}

/**
 * The job: every enabled subscription whose last complete period has not been sent is run as its
 * owner now (their keys and data scope), written as XLSX, kept as the owner's file and sent from
 * the owner's mailbox (the mail port). A failure is recorded on the subscription and retried next run.
 */
export async function sendDueSubscriptions(p: Platform): Promise<{ sent: number; failed: number }> {
  const now = p.clock.now();
  const today = ymdOf(now.getTime());
  const rows = await p.db.select().from(t).where(eq(t.enabled, true)).orderBy(t.id);
  let sent = 0;
  let failed = 0;
  for (const s of rows) {
    const period = lastComplete(s.frequency, today);
    if (s.lastPeriod === period.from) continue;
    try {
      await sendOne(p, s, period);
      await p.db
        .update(t)
        .set({ lastPeriod: period.from, lastSentAt: now, lastError: null })
        .where(and(eq(t.id, s.id), eq(t.version, s.version)));
      sent++;
    } catch (err) {
      failed++;
      const msg = err instanceof AppError ? err.message_('zh-CN') : err instanceof Error ? err.message : String(err);
      await p.db
        .update(t)
        .set({ lastError: msg.slice(0, 500) })
        .where(and(eq(t.id, s.id), or(isNull(t.lastError), ne(t.lastError, msg.slice(0, 500)))));
      p.log.warn({ err, subscription: s.id }, 'reports: a subscription was not sent');
    }
  }
  return { sent, failed };
}

async function sendOne(p: Platform, s: typeof t.$inferSelect, period: { from: string; to: string }) {
  const access = await p.access.get(s.ownerId);
  if (access?.status !== 'active') throw new Error('the subscriber is not active');
  const auth: AuthContext = {
    userId: s.ownerId,
    username: access.username,
    sessionId: `report-subscription:${s.id}`,
    perms: access.perms,
    scope: access.scope,
  };
  const def = mayOpen(auth, s.report);
  const { drill, steps } = drillOf(def, s.filters);
  const mail = portOf(p.db, 'mail');
  if (!mail) throw new AppError('RPT_SOURCE_UNAVAILABLE', { vars: { value: 'mail' } });
  const answer = await runReport(
    p.db,
    auth,
    def,
    { period: s.frequency, date: period.from, ...(drill as Partial<ReportQuery>) },
    p.clock.now(),
  );
  const files = await filesOf(p);
  // the subscriber's language: headers, the totals row, the file name, the subject and the body
  const zh = s.locale === 'zh-CN';
  const staged = await writeReportFile(def, answer, 'xlsx', s.locale, files.settings.tmpDir);
  const range = period.from === period.to ? period.from : `${period.from} ~ ${period.to}`;
  const file = await files.storeGenerated(staged.path, {
    name: `${zh ? def.title.zh : def.title.en}_${period.from}.xlsx`,
    ownerUserId: s.ownerId,
  });
  const title = zh ? def.title.zh : def.title.en;
  // the drill-down it was made at, as the screen's breadcrumb read
  const at = steps.map((f) => `${zh ? DIM_TITLE[f.dim].zh : DIM_TITLE[f.dim].en}: ${f.label}`).join(' › ');
  const subject = `${title}${at ? ` · ${at}` : ''} ${range}`;
  await mail.send(s.ownerId, {
    to: s.recipients.split(/,\s*/).map((email) => ({ email })),
    subject,
    html: zh ? `<p>${escapeHtml(subject)} 见附件。</p>` : `<p>${escapeHtml(subject)} is attached.</p>`,
    fileIds: [file.id],
  });
}

export function defineReportJobs(p: Platform) {
  p.jobs.define(SUBSCRIPTIONS_JOB, async () => {
    await sendDueSubscriptions(p);
  });
}
