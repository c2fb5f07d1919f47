import { beforeAll, describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, chooseOption, keyedWrite, signedIn, useShellServer } from './support/shell.js';

const PATH = '/businessInquiry/operationLog';

/**
 * operationLog (decision 0145): a change this file makes to a workspace of an account shows on the account's
 * log with before → after; the kind filter keeps that kind; the consumer account list opens the log.
 */
describe("an account's operation log", () => {
  const running = useShellServer();
  const remark = `e2e oplog ${Date.now() % 100_000}`;
  let accountId = 0;

  beforeAll(async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const ws = (
      await api<{ records: { id: number; accountId: number; version: number }[] }>(
        url,
        admin,
        'POST',
        '/v2/fc/workspace/page',
        { size: 1 },
      )
    ).records[0]!;
    accountId = ws.accountId;
    await keyedWrite(url, admin, '/v2/fc/workspace/update', { id: ws.id, version: ws.version, remark });
  });

  it('lists the change with before → after and filters by kind', async () => {
    const { ctx, page } = await signedIn(running.browser, running.server.url, ADMIN, {
      locale: 'en',
      at: `${PATH}?accountId=${accountId}`,
    });
    const content = page.getByTestId('content');
    const rows = content.locator('.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // the change, and the request that made it (decision 0151) with its outcome
    await expect.poll(() => rows.filter({ hasText: `Remark：- → ${remark}` }).count()).toBe(1);
    const request = rows.filter({ hasText: 'POST /v2/fc/workspace/update' }).first();
    expect(await request.textContent()).toContain('Succeeded');
    expect(await page.getByTestId('oplog-account').textContent()).toMatch(/^Account /);
    await page.getByTestId('oplog-kind').click();
    await chooseOption(page, 'Workspace');
    await content.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(async () =>
        (
          await content
            .locator('[data-testid^="oplog-kind-"]')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
        ).every((k) => k === 'oplog-kind-finance.workspace'),
      )
      .toBe(true);
    await ctx.close();
  });

  it('draws in both languages at desktop, tablet and phone width', async () => {
    for (const [locale, width] of views([
      ['en', 1280],
      ['zh-CN', 1280],
      ['en', 900],
      ['zh-CN', 900],
      ['en', 390],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(running.browser, running.server.url, ADMIN, {
        locale,
        width,
        height: 900,
        at: `${PATH}?accountId=${accountId}`,
      });
      await expect
        .poll(() => page.getByTestId('content').locator('.ant-table-row').count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `traffic-oplog-${width}-${locale}`);
      await ctx.close();
    }
  });
});
