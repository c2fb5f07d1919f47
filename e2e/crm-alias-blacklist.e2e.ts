import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import { shownPane } from './support/pane.js';
import {
  ADMIN,
  api,
  apiToken,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

type Page<T> = { records: T[]; total: number };
const INFO = '/v2/sys/staff/overseas/getUserInfo';
type Application = { id: number; code: string; customerId: number; customerCode: string; instanceId: number };

describe('CRM alias changes, applications and transfers', () => {
  let server: ShellServer;
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, SALES);
    browser = await launch();
    admin = await apiToken(server.url, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an application on a customer with a pending alias change shows the 10050027 dialog, which opens its alias record', async () => {
    const sales = await apiToken(server.url, SALES);
    const pending = await api<Page<Application>>(server.url, sales, 'POST', '/v2/crm/application/page', {
      kind: 'alias',
      state: 'pending',
      size: 1,
    });
    const a = pending.records[0]!;
    expect(a).toBeDefined();
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'zh-CN',
      at: `/crm/customer/detail?id=${a.customerId}`,
    });
    await page.locator('.ant-tabs-tab').filter({ hasText: '审批' }).click();
    await page.getByTestId('apply-classA').click();
    await page.getByTestId('apply-reason').fill('月发送量超过 500 万条');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    const dialog = page.locator('.ant-modal-confirm:visible');
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain(a.customerCode);
    expect(await dialog.textContent()).toContain('未完成的别名变更记录');
    await shot(page, 'crm-alias-pending-1280-zh');
    await dialog.getByRole('button', { name: '查看别名变更记录' }).click();
    await expect
      .poll(() => page.url(), { timeout: 10_000 })
      .toContain(`/crm/operate/alias-record?taskId=${a.instanceId}`);
    // the customer's pane stays in the document (keep-alive) and its approval tab lists the same application
    const records = await shownPane(page, '/crm/operate/alias-record');
    await expect
      .poll(() => records.locator('.ant-table-row').filter({ hasText: a.code }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await records.locator('.ant-table-row').count()).toBe(1);
    await shot(page, 'crm-alias-records-1280-zh');
    await ctx.close();
  });

  it('the sales manager transfers a customer of sales01 with its contacts to sales02; the transfer records show it', async () => {
    const MGR = { username: 'salesmgr', password: 'Sales#2026' };
    // the manager's first sign-in would open the shell's popups over the list
    await settlePopups(server.url, MGR);
    const mgr = await apiToken(server.url, MGR);
    const sales01 = await api<{ userId: number }>(server.url, await apiToken(server.url, SALES), 'GET', INFO);
    const sales02 = await api<{ userId: number; name: string }>(
      server.url,
      await apiToken(server.url, { username: 'sales02', password: 'Sales#2026' }),
      'GET',
      INFO,
    );
    // a customer of sales01 without a pending application (the seeded alias change would refuse with 10050027)
    const pending = await api<Page<Application>>(server.url, admin, 'POST', '/v2/crm/application/page', {
      state: 'pending',
      size: 200,
    });
    const busy = new Set(pending.records.map((a) => a.customerId));
    const owned = await api<Page<{ id: number; code: string }>>(server.url, mgr, 'POST', '/v2/crm/customer/page', {
      ownerId: sales01.userId,
      size: 50,
    });
    const customer = owned.records.find((c) => !busy.has(c.id))!;

    const { ctx, page } = await signedIn(browser, server.url, MGR, { locale: 'en', at: '/crm/wander/transfer' });
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'crm-transfer-1280-en');
    await page.getByLabel('Name, alias or code').fill(customer.code);
    await page.getByRole('button', { name: /Search$/ }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await rows.first().locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByTestId('ownership-receiver').click();
    await page.keyboard.type(sales02.name);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: sales02.name })
      .first()
      .click();
    await modal.getByLabel('Opportunities').uncheck();
    await modal.getByText('Read access', { exact: true }).click();
    await shot(page, 'crm-transfer-dialog-1280-en');
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 10_000 }).toBe(0);

    const after = await api<{ ownerId: number }>(server.url, admin, 'POST', '/v2/crm/customer/detail', {
      id: customer.id,
    });
    expect(after.ownerId).toBe(sales02.userId);
    const contacts = await api<Page<{ ownerId: number }>>(server.url, admin, 'POST', '/v2/crm/contact/page', {
      customerId: customer.id,
    });
    expect(contacts.total).toBeGreaterThan(0);
    expect(contacts.records.every((c) => c.ownerId === sales02.userId)).toBe(true);
    const log = await api<Page<{ related: string[]; toName: string; keepAs: string }>>(
      server.url,
      admin,
      'POST',
      '/v2/crm/customer/owner-log/page',
      { recordId: customer.id },
    );
    expect(log.records[0]).toMatchObject({ related: ['contacts'], toName: sales02.name, keepAs: 'read' });

    await page.locator('.ant-tabs-tab').filter({ hasText: 'Transfer records' }).click();
    // the records tab's visible rows (the shell's keep-alive tabs are tab panes too)
    await expect
      .poll(() => page.locator('.ant-table-row:visible').filter({ hasText: sales02.name }).count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await shot(page, 'crm-transfer-log-1280-en');
    await ctx.close();
  });

  it('shows the approvals I started and the blacklist at 900 and 390 px', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'en',
      width: 900,
      height: 800,
      at: '/crm/operate/approval-order',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'crm-approval-order-900-en');
    await ctx.close();
    const small = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      width: 390,
      height: 844,
      at: '/crm/blacklist',
    });
    await expect.poll(() => small.page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(small.page, 'crm-blacklist-390-zh');
    await small.ctx.close();
  });

  it('opens a blacklisted and an open-sea customer on their own detail pages and in the lists drawer', async () => {
    const black = (
      await api<Page<{ id: number; code: string }>>(server.url, admin, 'POST', '/v2/crm/blacklist/page', { size: 1 })
    ).records[0]!;
    const sea = (
      await api<Page<{ id: number; code: string }>>(server.url, admin, 'POST', '/v2/crm/customer/pool/page', {
        size: 1,
      })
    ).records[0]!;
    await settlePopups(server.url, ADMIN);
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: `/crm/blacklist/details?id=${black.id}`,
    });
    await expect
      .poll(() => page.getByTestId('resource-detail').textContent(), { timeout: 20_000 })
      .toContain(black.code);
    await expect.poll(() => page.getByRole('tab', { name: 'History' }).count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'crm-blacklist-details-1280-en');
    for (const route of ['details', 'partner-details', 'sea-details']) {
      await page.goto(`${server.url}/crm/open-sea/${route}?id=${sea.id}`);
      await expect
        .poll(() => page.getByTestId('resource-detail').textContent(), { timeout: 20_000 })
        .toContain(sea.code);
    }
    await shot(page, 'crm-open-sea-details-1280-en');
    await page.goto(`${server.url}/crm/open-sea`);
    // the detail pages stay open as hidden tabs: the visible list's link
    await page.locator('[data-testid="row-detail"]:visible').first().click();
    await expect
      .poll(() => page.locator('.ant-drawer [data-testid="resource-detail"]').count(), { timeout: 10_000 })
      .toBe(1);
    await ctx.close();
  });
});
