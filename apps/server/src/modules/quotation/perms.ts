import { QmPerm } from '@portal/contracts/quotation';
import type { AuthContext } from '../../platform/auth/context.js';
import { AppError } from '../../platform/http/errors.js';
import type { Product } from '../../platform/ports.js';
import type { BookKind } from './books.js';

/** the screen permission a book's rows need: customer quotes or supplier quotes of the product */
export function bookPerm(kind: BookKind, product: Product): string {
  if (kind === 'channel') return product === 'voice' ? QmPerm.SUPPLIER_VOICE : QmPerm.SUPPLIER_SMS;
  if (product === 'whatsapp') return QmPerm.CUSTOMER_WHATSAPP;
  if (product === 'number') return QmPerm.CUSTOMER_NUMBER;
  return product === 'voice' ? QmPerm.CUSTOMER_VOICE : QmPerm.CUSTOMER_SMS;
}

/**
 * What a send page needs: the book's screen (customer or supplier quotes of the product); a
 * group's quote also the quote-group screens; an AI-voice supplier quote the AI vendor screen.
 */
export function sendPerm(q: { bookKind: BookKind; product: Product; category?: string }): string[] {
  if (q.bookKind === 'channel' && q.category === 'ai') return [QmPerm.AI_VENDOR, QmPerm.SUPPLIER_VOICE];
  if (q.bookKind === 'group') return [bookPerm('group', q.product), QmPerm.GROUPS, QmPerm.AZ_GROUPS];
  return [bookPerm(q.bookKind, q.product)];
}

/** the caller holds one of the permissions */
export const need = (auth: AuthContext, ...perms: string[]) => {
  if (!perms.some((p) => auth.perms.has(p))) throw new AppError('NO_PERMISSION');
};
