import { QmPerm } from '@portal/contracts/quotation';
import type { AuthContext } from '../../platform/auth/context.js';
import { AppError } from '../../platform/http/errors.js';
import type { Product } from '../../platform/ports.js';
import type { BookKind } from './books.js';

/** the screen permission a book's rows need: customer quotes or supplier quotes of the product */
export function bookPerm(kind: BookKind, product: Product): string {
  if (kind === 'channel') return product === 'voice' ? QmPerm.SUPPLIER_VOICE : QmPerm.SUPPLIER_SMS;
  return product === 'voice' ? QmPerm.CUSTOMER_VOICE : QmPerm.CUSTOMER_SMS;
}

/** the caller holds one of the permissions */
export const need = (auth: AuthContext, ...perms: string[]) => {
  if (!perms.some((p) => auth.perms.has(p))) throw new AppError('NO_PERMISSION');
};
