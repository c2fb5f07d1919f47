import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot, views } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  keyedWrite,
  pickRecord,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const BUYER = { username: 'purchase01', password: 'Purchase#2026' };
const BUYER_MGR = { username: 'purchasemgr', password: 'Purchase#2026' };

interface CostRow {
  id: number;
  bookId: number;
  bookName: string | null;
  dest: string;
  unitPrice: string;
  effectiveUntil: string | null;
  source: string;
}

describe('supplier-quote approvals', () => {
  let server: ShellServer;
  let browser: Browser;

  const write = <T>(token: string, url: string, body: unknown) => keyedWrite<T>(server.url, token, url, body);

  beforeAll(async () => {
    server = await startShellServer();
    for (const who of [ADMIN, BUYER, BUYER_MGR]) await settlePopups(server.url, who);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a buyer’s raise on a live channel becomes a request; approved, the cost is in the book', async () => {
    const admin = await apiToken(server.url, ADMIN);
    const live = await api<{ records: { id: number }[] }>(server.url, admin, 'POST', '/v2/srm/channel/page', {
      state: 'live',
      product: 'sms',
      size: 20,
    });
    let cur: CostRow | undefined;
    for (const c of live.records) {
      const rows = await api<{ records: CostRow[] }>(server.url, admin, 'POST', '/v2/qm/price/page', {
        bookKind: 'channel',
        bookId: c.id,
        product: 'sms',
        at: new Date().toISOString(),
      });
      cur = rows.records.find((r) => r.effectiveUntil === null);
      if (cur) break;
    }
    expect(cur, 'a live SMS channel with a cost in force').toBeDefined();
    const raised = (Number(cur!.unitPrice) * 1.25 + 0.001).toFixed(6);

    const { ctx, page } = await signedIn(browser, server.url, BUYER, {
      locale: 'zh-CN',
      at: '/offerManage/supplierQuote/sms',
    });
    await page.getByRole('button', { name: '新增价格' }).click();
    const modal = page.locator('.ant-modal');
    // a channel's book is named "code name": picked by its code
    await pickRecord(page, modal.getByTestId('qm-price-book'), cur!.bookName!.split(' ')[0]!);
    await modal.locator('#network').fill(cur!.dest);
    await modal.locator('#unitPrice').fill(raised);
    await page.getByTestId('qm-price-save').click();
    await expect
      .poll(() => page.locator('.ant-message').textContent(), { timeout: 20_000 })
      .toContain('已发起供应商报价审批');

    await page.goto(`${server.url}/offerManage/quota-apply-approval/supplier`);
    const row = page.locator('.ant-table-row').filter({ hasText: cur!.dest }).filter({ hasText: '审批中' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'quotation-supplier-list-1280-zh');
    const buyer = await apiToken(server.url, BUYER);
    const list = await api<{ records: { id: number; approvalId: number; dest: string; unitPrice: string }[] }>(
      server.url,
      buyer,
      'POST',
      '/v2/qm/supplier-quote/page',
      { state: 'pending' },
    );
    const request = list.records.find((r) => r.dest === cur!.dest && r.unitPrice === raised)!;
    expect(request).toBeDefined();

    const mgr = await apiToken(server.url, BUYER_MGR);
    const task = await write<{ taskId: number }>(mgr, '/v2/workflow/select/currentTaskId', {
      instanceId: request.approvalId,
    });
    await write(mgr, '/v2/workflow/agree', { taskId: task.taskId, opinion: '同意涨价' });

    await page.goto(`${server.url}/offerManage/quota-apply-approval/supplier/detail?id=${request.id}`);
    await expect
      .poll(() => page.getByTestId('supplier-quote-state').textContent(), { timeout: 20_000 })
      .toContain('已通过');
    await expect.poll(() => page.locator('.ant-timeline-item').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('supplier-quote-detail').textContent()).toContain('同意涨价');
    await shot(page, 'quotation-supplier-detail-1280-zh');
    await ctx.close();

    const book = await api<{ records: CostRow[] }>(server.url, admin, 'POST', '/v2/qm/price/page', {
      bookKind: 'channel',
      bookId: cur!.bookId,
      product: 'sms',
      dest: cur!.dest,
      at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(book.records).toEqual([expect.objectContaining({ unitPrice: raised, source: 'approval' })]);

    // a seeded request (the first live channels carry routed traffic): its accounts and their prices
    const seeded = await api<{ records: { id: number; affectedCount: number }[] }>(
      server.url,
      buyer,
      'POST',
      '/v2/qm/supplier-quote/page',
      { size: 50 },
    );
    const routedOne = seeded.records.find((r) => r.affectedCount > 0);
    expect(routedOne, 'a seeded request with routed accounts').toBeDefined();
    const s = await signedIn(browser, server.url, BUYER, {
      locale: 'en',
      width: 900,
      height: 900,
      at: `/offerManage/quota-apply-approval/supplier/detail?id=${routedOne!.id}`,
    });
    await expect.poll(() => s.page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await shot(s.page, 'quotation-supplier-detail-accounts-900-en');
    await s.ctx.close();

    for (const [locale, width] of views([
      ['en', 1280],
      ['en', 390],
      ['zh-CN', 390],
    ] as const)) {
      const s = await signedIn(browser, server.url, BUYER, {
        locale,
        width,
        height: 844,
        at: `/offerManage/quota-apply-approval/supplier/detail?id=${request.id}`,
      });
      await expect.poll(() => s.page.getByTestId('supplier-quote-state').count(), { timeout: 20_000 }).toBe(1);
      await shot(s.page, `quotation-supplier-detail-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      await s.page.goto(`${server.url}/offerManage/quota-apply-approval/supplier`);
      await expect.poll(() => s.page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(s.page, `quotation-supplier-list-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      await s.ctx.close();
    }
  });
});
