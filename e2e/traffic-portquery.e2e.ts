import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, keyedPost, signedIn, useShellServer } from './support/shell.js';

const PATH = '/businessInquiry/portquery';

/**
 * portquery (decision 0139) on records this file ingests through the machine client: a China Mobile
 * number last delivered on China Unicom is ported, a China Telecom number seen on Telecom's other code
 * is not, a US number has no range we know; bad lines are listed with their reason; the export has the rows.
 */
describe('number portability look-up', () => {
  const running = useShellServer();
  const tail = String(Date.now() % 100_000_000).padStart(8, '0');
  const ported = `86138${tail}`;
  const stayed = `86189${tail}`;

  beforeAll(async () => {
    const { url } = running.server;
    const admin = await apiToken(url, ADMIN);
    const account = (
      await api<{ records: { code: string }[] }>(url, admin, 'POST', '/v2/fc/account/page', {
        size: 1,
        state: 'active',
      })
    ).records[0]!;
    const client = (
      await keyedPost<{ clientId: string; clientSecret: string }>(url, admin, '/v2/traffic/clients', {
        name: 'e2e portquery',
      })
    ).data;
    const tokenRes = await fetch(`${url}/v2/traffic/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    const machine = ((await tokenRes.json()) as { data: { access_token: string } }).data.access_token;
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const submit = (n: number, number: string, network: string) => ({
      type: 'submit',
      messageId: `PQE2E${tail}${n}`,
      part: 1,
      parts: 1,
      account: account.code,
      number,
      country: 'CN',
      network,
      senderId: 'E2EPQ',
      content: 'Your code is 1234',
      submitAt: at,
    });
    const lines = [submit(1, ported, '46001'), submit(2, stayed, '46003')];
    const res = await fetch(`${url}/v2/traffic/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${machine}`, 'content-type': 'application/x-ndjson' },
      body: lines.map((l) => JSON.stringify(l)).join('\n'),
    });
    expect(((await res.json()) as { data: { errors: number } }).data.errors).toBe(0);
  });

  it('answers per number, lists the bad lines and exports the answer', async () => {
    const { ctx, page } = await signedIn(running.browser, running.server.url, ADMIN, { locale: 'en', at: PATH });
    await page.getByTestId('portquery-input').fill(`+${ported}\n${stayed}\n+12065550100\nhello`);
    await expect.poll(() => page.getByText('4 / 1000 numbers').count()).toBe(1);
    await page.getByTestId('portquery-search').click();
    const rows = page.getByTestId('portquery-table').locator('.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    const cells = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).map((s) => s.trim());
    expect(await cells(0)).toEqual(
      expect.arrayContaining([`+${ported}`, '46000 China Mobile', '46001 China Unicom', 'Yes']),
    );
    expect(await cells(1)).toEqual(expect.arrayContaining([`+${stayed}`, '46011 China Telecom', 'No']));
    expect(await cells(2)).toEqual(expect.arrayContaining(['+12065550100', 'US', 'Unknown']));
    expect(await page.getByTestId('portquery-summary').textContent()).toContain(
      '3 numbers: 1 ported, 1 not ported, 1 unknown',
    );
    expect(await page.getByTestId('portquery-refused').textContent()).toContain('hello: Not a number');
    await shot(page, 'traffic-portquery-answer-1280-en');

    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByTestId('portquery-export').click(),
    ]);
    expect(file.suggestedFilename()).toBe('portquery.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(1).value).toBe(`+${ported}`);
    expect(sheet.getRow(2).getCell(8).value).toBe('Yes');
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
        at: PATH,
      });
      await page.getByTestId('portquery-input').fill(`+${ported}\n+${stayed}\n+12065550100\n12`);
      await page.getByTestId('portquery-search').click();
      await expect
        .poll(() => page.getByTestId('portquery-table').locator('.ant-table-row').count(), { timeout: 20_000 })
        .toBe(3);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `traffic-portquery-${width}-${locale}`);
      await ctx.close();
    }
  }, 300_000);
});
