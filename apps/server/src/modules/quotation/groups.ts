import { azGroupResource, quoteGroupResource } from '@portal/contracts/quotation';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { portOf } from '../../platform/ports.js';
import type { Values, WriteContext } from '../../platform/resource/index.js';
import { bindResource, link } from '../../platform/resource/index.js';
import { rating } from './books.js';
import { qmGroupMembers as m, qmGroups as t } from './schema.js';

type Kind = 'quote' | 'az';

/** The members asked for must be consumer accounts (finance's port), asked before the write's transaction. */
async function checkAccounts(values: Values, _auth: AuthContext, p: Platform) {
  const ids = values.accountIds;
  if (!Array.isArray(ids) || ids.length === 0) return {};
  const wanted = [...new Set(ids as number[])];
  const known = (await portOf(p.db, 'accounts')?.byIds(wanted)) ?? new Map();
  const unknown = wanted.find((id) => !known.has(id));
  if (unknown !== undefined) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${unknown}` } });
  return {};
}

/**
 * An account follows at most one group of a kind; the unique index on (account, kind) holds the
 * same line against a concurrent save.
 */
async function checkTaken(ctx: WriteContext, kind: Kind, groupId: number | null, ids: unknown) {
  if (!Array.isArray(ids) || ids.length === 0) return;
  const [taken] = await ctx.tx
    .select({ accountId: m.accountId })
    .from(m)
    .where(
      and(
        eq(m.kind, kind),
        inArray(m.accountId, ids as number[]),
        groupId === null ? undefined : ne(m.groupId, groupId),
      ),
    )
    .limit(1);
  if (taken) throw new AppError('QM_GROUP_MEMBER_TAKEN', { vars: { value: `#${taken.accountId}` } });
}

async function checkName(ctx: WriteContext, kind: Kind, name: unknown, id: number | null) {
  if (typeof name !== 'string') return;
  const [dup] = await ctx.tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.kind, kind), eq(t.name, name), id === null ? undefined : ne(t.id, id)));
  if (dup) throw new AppError('QM_GROUP_EXISTS', { vars: { value: name } });
}

/** One kind's groups on the kernel: its rows of `qm_groups`, its members written with the kind. */
function bindGroups<D extends typeof quoteGroupResource | typeof azGroupResource>(def: D, kind: Kind) {
  // the rating service caches books and memberships: a committed change drops them in every process
  const changed = (ctx: WriteContext, id: number) => ctx.afterCommit(async () => rating(ctx.p.db).changed('group', id));
  return bindResource(def, {
    table: t,
    rows: eq(t.kind, kind),
    columns: {
      name: t.name,
      currency: t.currency,
      accountIds: link({ link: m, owner: m.groupId, value: m.accountId, extra: { kind } }),
      remark: t.remark,
      createdBy: t.createdBy,
      createdAt: t.createdAt,
    },
    hooks: {
      prepareCreate: checkAccounts,
      prepareUpdate: checkAccounts,
      async beforeCreate(ctx, input: Values) {
        await checkName(ctx, kind, input.name, null);
        await checkTaken(ctx, kind, null, input.accountIds);
        return { kind, createdBy: ctx.auth.userId, createdAt: ctx.p.clock.now() };
      },
      async afterCreate(ctx, id) {
        changed(ctx, id);
      },
      async beforeUpdate(ctx, before, patch) {
        const id = before.id as number;
        await checkName(ctx, kind, patch.name, id);
        await checkTaken(ctx, kind, id, patch.accountIds);
        return undefined;
      },
      async afterUpdate(ctx, id) {
        changed(ctx, id);
      },
    },
  });
}

export const quoteGroups = bindGroups(quoteGroupResource, 'quote');
export const azGroups = bindGroups(azGroupResource, 'az');
