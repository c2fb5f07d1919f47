import { quoteEmailResource } from '@portal/contracts/quotation';
import { sql } from 'drizzle-orm';
import { bindResource } from '../../../platform/resource/index.js';
import { ownerOfAccountSql } from '../../finance/accounts.js';
import { qmQuoteEmails as t } from '../schema.js';

const col = (name: string) => sql.raw(`"qm_quote_emails"."${name}"`);

/**
 * `quote-email` on the resource kernel (decision 0063): sent quotes, read-only, filtered by account,
 * kind, product and time, exported. An account's quote is in the data scope of its customer's
 * owner (read through finance's account, as finance's own lists do); a group's is its sender's.
 */
export const quoteEmails = bindResource(quoteEmailResource, {
  table: t,
  columns: {
    id: t.id,
    subject: t.subject,
    bookKind: t.bookKind,
    bookId: t.bookId,
    bookName: t.bookName,
    product: t.product,
    locale: t.locale,
    recipients: sql<string>`(select string_agg(x->>'email', ', ') from jsonb_array_elements(${col('to_list')}) x)`,
    rowCount: sql<number>`jsonb_array_length(${col('rows')})`,
    effectiveFrom: t.effectiveFrom,
    linkExpiresAt: t.linkExpiresAt,
    sentBy: t.sentBy,
    sentAt: t.sentAt,
    ownerId: sql<
      number | null
    >`(case when ${col('book_kind')} = 'account' then ${ownerOfAccountSql(col('book_id'))} else ${col('sent_by')} end)`,
  },
});
