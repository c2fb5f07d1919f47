import { Errors } from '@portal/contracts';
import { ApiError } from '../api-error';
import { reportError } from '../error-path';
import { i18n } from '../i18n';

/**
 * For an edit form whose save takes no version: before saving, read the record again and compare
 * its `updatedAt` with the one the form opened with. A change meanwhile (a live refresh has shown
 * it, or not) is reported as the catalogue's CONFLICT and nothing is saved. A short window between
 * this read and the save remains; a server-side check closes it (approval settings send
 * `expectUpdatedAt`).
 */
export async function assertUnchangedSince(
  openedAt: string,
  current: () => Promise<{ updatedAt: string }>,
): Promise<void> {
  const now = await current();
  if (new Date(now.updatedAt).getTime() === new Date(openedAt).getTime()) return;
  const error = new ApiError({ code: Errors.CONFLICT.code, msg: i18n.t('resource.conflictText'), status: 409 });
  reportError(error);
  throw error;
}
