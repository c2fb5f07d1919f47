import { AppError } from '../http/errors.js';

/**
 * Optimistic check of a record without a version column: a form sends the `updatedAt` it was
 * opened with, and the save (having locked the row) answers CONFLICT when the record changed
 * since. No stamp sent: no check (API callers that read and write at once).
 */
export function assertUnchanged(current: Date, openedAt: string | undefined): void {
  if (openedAt !== undefined && current.getTime() !== new Date(openedAt).getTime()) throw new AppError('CONFLICT');
}
