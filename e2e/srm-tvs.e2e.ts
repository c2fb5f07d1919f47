import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot, views } from './support/browser.js';
import {
  api,
  apiToken,
  confirmPopconfirm,
  type DemoUser,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const MANAGER: DemoUser = { username: 'purchasemgr', password: 'Purchase#2026' };
type Partner = { supplierId: number; code: string; name: string; smsParts: number; deliveryRate: string | null };
type Withdrawal = { id: number; state: string; createdBy: number };

/** Nothing runs out of the page sideways (tables scroll inside their own box). */
const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('SRM TVS screens', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;
  let partner: Partner;

  beforeAll(async () => {
    server = await startShellServer({ TRAFFIC_SIMULATOR: 'false' });
    await settlePopups(server.url, MANAGER);
    browser = await launch();
    token = await apiToken(server.url, MANAGER);
    // a SIM-farm partner whose channels carried SMS in the demo's traffic history (the rollups)
    const page = await api<{ records: Partner[] }>(server.url, token, 'POST', '/v2/srm/tvs/account/page', {
      size: 100,
      days: 30,
    });
    const busy = page.records.find((r) => r.smsParts > 0);
    expect(busy, 'a partner with SMS traffic in the last 30 days').toBeTruthy();
    partner = busy!;
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('account-query finds a partner by code with its real figures and exports the list', async () => {
    const { ctx, page } = await signedIn(browser, server.url, MANAGER, {
      locale: 'en-US',
      width: 1280,
      height: 900,
      at: '/srm/tvs/account-query',
    });
    const screen = page.getByTestId('tvs-accounts');
    await screen.waitFor();
    await screen.getByLabel('Last days').fill('30');
    await screen.getByLabel('Keyword').fill(partner.code);
    await page.getByRole('button', { name: /Search$/ }).click();
    const rows = screen.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    const text = (await rows.first().textContent()) ?? '';
    expect(text).toContain(partner.code);
    expect(text).toContain(partner.name);
    if (partner.deliveryRate !== null) expect(text).toContain(`${partner.deliveryRate}%`);
    const [download] = await Promise.all([page.waitForEvent('download'), screen.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.(xlsx|csv)$/);
    await ctx.close();
  });

  for (const [width, locale] of views([
    [1280, 'en-US'],
    [1280, 'zh-CN'],
    [900, 'en-US'],
    [900, 'zh-CN'],
    [390, 'en-US'],
    [390, 'zh-CN'],
  ] as const)) {
    it(`shows the partners at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(browser, server.url, MANAGER, {
        locale,
        width,
        height: 900,
        at: '/srm/tvs/account-query',
      });
      const rows = page.getByTestId('tvs-accounts').locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `srm-tvs-accounts-${width}-${locale === 'zh-CN' ? 'zh' : 'en'}`);
      await noSideways(page, width);
      await ctx.close();
    });
  }

  it('a withdrawal entered by a buyer is approved by the manager on the list', async () => {
    const list = await api<{ records: Withdrawal[] }>(server.url, token, 'POST', '/v2/srm/tvs/withdrawal/page', {
      size: 100,
      state: 'requested',
    });
    expect(list.records.length, 'the demo has requested withdrawals').toBeGreaterThan(0);
    const { ctx, page } = await signedIn(browser, server.url, MANAGER, {
      locale: 'en-US',
      width: 1280,
      height: 900,
      at: '/srm/tvs/withdrawal-record',
    });
    // a requested one (the list shows every command; the state column names the row's state)
    const row = page
      .getByTestId('content')
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: 'Requested' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'srm-tvs-withdrawals-1280-en');
    await row.first().getByRole('button', { name: 'Approve' }).click();
    await confirmPopconfirm(page);
    await expect
      .poll(
        async () =>
          (
            await api<{ records: Withdrawal[] }>(server.url, token, 'POST', '/v2/srm/tvs/withdrawal/page', {
              size: 100,
              state: 'requested',
            })
          ).records.length,
        { timeout: 20_000 },
      )
      .toBe(list.records.length - 1);
    await ctx.close();
  });

  it('content-rewrite shows what a text becomes through the rules of Indonesia', async () => {
    const { ctx, page } = await signedIn(browser, server.url, MANAGER, {
      locale: 'en-US',
      width: 1280,
      height: 900,
      at: '/srm/tvs/content-rewrite',
    });
    const form = page.getByTestId('rewrite-preview');
    await form.waitFor();
    await form.getByLabel('Country').click();
    await page.keyboard.type('Indonesia');
    await page.keyboard.press('Enter');
    await form.getByLabel('Message text').fill('Your OTP is 123456 https://x.example/a');
    await form.getByRole('button', { name: 'Rewrite' }).click();
    const outcome = page.getByTestId('rewrite-outcome');
    await expect.poll(() => outcome.textContent(), { timeout: 20_000 }).toContain('Your kode is 123 456');
    await shot(page, 'srm-tvs-rewrite-1280-en');
    await ctx.close();
  });

  for (const [url, name] of [
    ['/srm/tvs/notice', 'notices'],
    ['/srm/tvs/content-rewrite', 'rewrite'],
    ['/srm/tvs/withdrawal-record', 'withdrawals'],
  ] as const)
    for (const [width, locale] of views([
      [900, 'zh-CN'],
      [390, 'zh-CN'],
      [390, 'en-US'],
    ] as const))
      it(`${name} at ${width} px in ${locale}`, async () => {
        const { ctx, page } = await signedIn(browser, server.url, MANAGER, { locale, width, height: 900, at: url });
        const rows = page.getByTestId('content').locator('.ant-table-tbody tr.ant-table-row');
        await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
        await shot(page, `srm-tvs-${name}-${width}-${locale === 'zh-CN' ? 'zh' : 'en'}`);
        await noSideways(page, width);
        await ctx.close();
      });
});
