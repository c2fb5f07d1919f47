import { Errors } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../error-path', () => ({ reportError: vi.fn() }));
const { assertUnchangedSince } = await import('./opened-guard');
const { reportError } = await import('../error-path');
// The guard's message comes from i18n, whose language pack loads on import: wait for it, or the
// load can outlive the test environment (an unhandled teardown error fails the run).
await (await import('../i18n')).i18nReady;

describe('assertUnchangedSince', () => {
  const opened = '2026-11-24T01:00:00.000Z';
  it('lets the save go on when the record is as the form opened it', async () => {
    await expect(assertUnchangedSince(opened, async () => ({ updatedAt: '2026-11-24T01:00:00Z' }))).resolves.toBe(
      undefined,
    );
    expect(reportError).not.toHaveBeenCalled();
  });
  it('refuses with CONFLICT, shown once, when someone saved it meanwhile', async () => {
    const later = { updatedAt: '2026-11-24T01:00:05.000Z' };
    await expect(assertUnchangedSince(opened, async () => later)).rejects.toMatchObject({
      code: Errors.CONFLICT.code,
    });
    expect(reportError).toHaveBeenCalledTimes(1);
  });
});
