import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  keyedWrite,
  pickRecord,
  SALES,
  type ShellServer,
  signedIn,
  useShellServer,
} from './support/shell.js';

const SALES_MGR = { username: 'salesmgr', password: 'Sales#2026' };
const BUYER = { username: 'purchase01', password: 'Purchase#2026' };

describe('quotation', () => {
  let server: ShellServer;
  let browser: Browser;
  let admin: string;
  let groupId: number;

  const write = <T>(token: string, url: string, body: unknown) => keyedWrite<T>(server.url, token, url, body);
  const shell = useShellServer({ settle: [ADMIN, SALES, BUYER] });

  beforeAll(async () => {
    ({ server, browser } = shell);
    admin = await apiToken(server.url, ADMIN);
    groupId = (await write<{ id: number }>(admin, '/v2/qm/quote-group/save', { name: 'E2E group', currency: 'USD' }))
      .id;
  });

  it('sets China’s SMS price limit on its kernel screen; tariffs and quote groups list theirs', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/offerManage/sms-price-limit',
    });
    await page.getByTestId('list-create').click();
    const modal = page.locator('.ant-modal:visible');
    await modal
      .locator('.ant-form-item')
      .filter({ has: page.locator('label', { hasText: /^Country or region$/ }) })
      .locator('.ant-select')
      .click();
    await page.keyboard.type('China');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'China' })
      .first()
      .click();
    await modal.getByLabel('Minimum price', { exact: true }).fill('0.01');
    await modal.getByLabel('Currency', { exact: true }).fill('USD');
    await shot(page, 'quotation-sms-limit-form-1280-en');
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    const row = page
      .locator('.ant-table-row')
      .filter({ hasText: '0.01' })
      .filter({ hasText: /CN|China/ });
    await expect.poll(() => row.count()).toBe(1);
    await shot(page, 'quotation-sms-limits-1280-en');
    await ctx.close();

    const zh = await signedIn(browser, server.url, ADMIN, { locale: 'zh-CN' });
    for (const [path, name] of [
      ['/setModule/financial/tariff', 'quotation-tariffs'],
      ['/offerManage/quote-group/quote', 'quotation-quote-groups'],
      ['/offerManage/quote-group/az', 'quotation-az-groups'],
    ] as const) {
      await zh.page.goto(`${server.url}${path}`);
      await expect.poll(() => zh.page.locator('.ant-table-row').count()).toBeGreaterThan(0);
      await shot(zh.page, `${name}-1280-zh`);
      await zh.page.setViewportSize({ width: 390, height: 844 });
      await shot(zh.page, `${name}-390-zh`);
      await zh.page.setViewportSize({ width: 1280, height: 800 });
    }
    await zh.ctx.close();
  });

  it('imports a supplier SMS price list with the increase shown in the preview', async () => {
    const now = await api<{ records: { bookId: number; dest: string; unitPrice: string }[] }>(
      server.url,
      admin,
      'POST',
      '/v2/qm/price/page',
      { bookKind: 'channel', product: 'sms', at: new Date().toISOString(), size: 1 },
    );
    const cur = now.records[0]!;
    const up = (Number(cur.unitPrice) + 0.002).toFixed(6);
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const csv = `MCC,MNC,Country,Network,Price,Currency,Effective date\n${cur.dest.slice(0, 3)},${cur.dest.slice(3)},XX,Net,${up},USD,${day}\n`;

    const { ctx, page } = await signedIn(browser, server.url, BUYER, {
      locale: 'en',
      at: '/offerManage/supplierQuote/sms',
    });
    await page.getByRole('button', { name: 'Import price list' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByPlaceholder('Channel id').fill(String(cur.bookId));
    await modal
      .locator('input[type=file]')
      .setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const counts = page.getByTestId('qm-import-counts');
    await expect.poll(() => counts.count(), { timeout: 20_000 }).toBe(1);
    const increase = counts.locator('.ant-statistic').filter({ hasText: 'Increase' });
    expect(await increase.locator('.ant-statistic-content-value').textContent()).toBe('1');
    expect(await modal.locator('.ant-table-row').first().textContent()).toContain(cur.unitPrice);
    await shot(page, 'quotation-import-preview-1280-en');
    await modal.getByRole('button', { name: 'Import', exact: true }).click();
    // a raise on a live channel waits in a supplier-quote request (decision 0103); else it is saved
    const held = page.locator('.ant-modal-confirm').filter({ hasText: 'awaiting approval: 1' });
    const saved = page.locator('.ant-message').filter({ hasText: '1 rows imported' });
    await expect.poll(async () => (await held.count()) + (await saved.count()), { timeout: 20_000 }).toBe(1);
    const later = () =>
      api<{ records: { unitPrice: string }[] }>(server.url, admin, 'POST', '/v2/qm/price/page', {
        bookKind: 'channel',
        bookId: cur.bookId,
        product: 'sms',
        dest: cur.dest,
        at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      });
    if (await held.count()) {
      await shot(page, 'quotation-import-held-1280-en');
      await held.getByRole('button', { name: 'Open the request' }).click();
      const lines = page.getByTestId('supplier-quote-lines');
      await expect.poll(() => lines.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(1);
      const line = await lines.locator('.ant-table-row').first().textContent();
      expect(line).toContain(cur.dest);
      expect(line).toContain(`${up} USD`);
      expect(line).toMatch(/Raise on a live channel|Above a customer price/);
      expect(await page.getByTestId('supplier-quote-state').textContent()).toBe('Under review');
      await shot(page, 'quotation-import-request-1280-en');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'quotation-import-request-390-en');
      expect((await later()).records.map((r) => r.unitPrice)).not.toContain(up);
      const zh = await signedIn(browser, server.url, BUYER, { locale: 'zh-CN' });
      await zh.page.goto(page.url());
      const zhLines = zh.page.getByTestId('supplier-quote-lines');
      await expect.poll(() => zhLines.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(1);
      expect(await zh.page.getByTestId('supplier-quote-detail').textContent()).toContain('导入行（1）');
      await shot(zh.page, 'quotation-import-request-1280-zh');
      await zh.page.setViewportSize({ width: 390, height: 844 });
      await shot(zh.page, 'quotation-import-request-390-zh');
      await zh.ctx.close();
    } else expect((await later()).records.map((r) => r.unitPrice)).toContain(up);
    await ctx.close();
  });

  it('turns a customer price below the limit into a special-price request; approved, it enters the book', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'zh-CN',
      at: '/offerManage/customer-quote/sms',
    });
    await page.getByRole('button', { name: '新增价格' }).click();
    const modal = page.locator('.ant-modal');
    await pickRecord(page, modal.getByTestId('qm-price-book'), 'E2E group');
    await modal.locator('#network').fill('46000');
    await modal.locator('#unitPrice').fill('0.004');
    await modal.locator('#reason').fill('E2E tender');
    await page.getByTestId('qm-price-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent(), { timeout: 20_000 }).toContain('低于限价');
    const sales = await apiToken(server.url, SALES);
    const list = await api<{ records: { id: number; approvalId: number; state: string; bookId: number }[] }>(
      server.url,
      sales,
      'POST',
      '/v2/qm/special-price/page',
      { state: 'pending' },
    );
    const request = list.records.find((r) => r.bookId === groupId)!;
    expect(request).toBeDefined();

    const mgr = await apiToken(server.url, SALES_MGR);
    const task = await write<{ taskId: number }>(mgr, '/v2/workflow/select/currentTaskId', {
      instanceId: request.approvalId,
    });
    await write(mgr, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });

    await page.goto(`${server.url}/offerManage/quota-apply-approval/special/detail?id=${request.id}`);
    await expect.poll(() => page.locator('.ant-descriptions').textContent(), { timeout: 20_000 }).toContain('已通过');
    await shot(page, 'quotation-special-detail-1280-zh');
    const rows = await api<{ records: { unitPrice: string; source: string }[] }>(
      server.url,
      sales,
      'POST',
      '/v2/qm/price/page',
      {
        bookKind: 'group',
        bookId: groupId,
        product: 'sms',
        dest: '46000',
      },
    );
    expect(rows.records).toEqual([expect.objectContaining({ unitPrice: '0.004000', source: 'approval' })]);
    await ctx.close();
  });

  it('sends the quote mail of the approved price from the send page and opens its signed link without signing in', async () => {
    const sales = await apiToken(server.url, SALES);
    // the group whose price below the limit was approved above: its quote carries the approved price
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'en',
      at: `/offerManage/send/group?groupId=${groupId}`,
    });
    await page.locator('#to').fill('buyer@customer.example');
    await page.locator('#to').press('Enter');
    await page.locator('#dests').fill('46000');
    await page.locator('#dests').press('Enter');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => page.locator('.ant-descriptions').first().textContent(), { timeout: 20_000 })
      .toContain('E2E group');
    await shot(page, 'quotation-send-preview-1280-en');
    await page.getByRole('button', { name: 'Send quote' }).click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).toContain('/offerManage/quote-email/detail?id=');
    const link = page.getByTestId('quote-link');
    await expect.poll(() => link.count(), { timeout: 20_000 }).toBe(1);
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain('/offerManage/quote/view?token=');
    const sent = await api<{ records: { id: number; bookName: string; rowCount: number }[] }>(
      server.url,
      sales,
      'POST',
      '/v2/qm/quote-email/page',
      { bookKind: 'group', bookId: groupId },
    );
    expect(sent.records[0]).toMatchObject({ bookName: 'E2E group', rowCount: 1 });
    // the list on the kernel: the sent quote, found by its subject's link
    await page.goto(`${server.url}/offerManage/quote-email`);
    await expect.poll(() => page.getByTestId('quote-email-open').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'quotation-quote-emails-1280-en');
    await ctx.close();

    // the customer: no session, the link alone
    const anon = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en' });
    const pub = await anon.newPage();
    await pub.goto(href.replace(/^https?:\/\/[^/]+/, server.url));
    const card = pub.getByTestId('public-quote');
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    expect(await card.textContent()).toContain('E2E group');
    const row = await card.locator('.ant-table-row').first().textContent();
    expect(row).toContain('46000');
    expect(row).toContain('0.004000');
    await shot(pub, 'quotation-public-link-1280-en');
    // a changed token opens nothing
    await pub.goto(`${href.replace(/^https?:\/\/[^/]+/, server.url)}x`);
    await expect.poll(() => pub.locator('.ant-result').count(), { timeout: 20_000 }).toBe(1);
    expect(await pub.getByTestId('public-quote').count()).toBe(0);
    await anon.close();
  });
});
