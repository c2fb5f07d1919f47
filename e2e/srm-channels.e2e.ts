import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  type DemoUser,
  keyedWrite,
  openDrawerTab,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const BUYER: DemoUser = { username: 'purchase01', password: 'Purchase#2026' };
const MANAGER: DemoUser = { username: 'purchasemgr', password: 'Purchase#2026' };
const CHECKLIST = { license: true, sanctions: true, ownership: true, bank: true, test: true, contract: true };

/** SG networks the reference data lists (MCC 525): SingTel, StarHub, M1. */
const SG = ['52501', '52503', '52505'];

describe('SRM channels', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;
  let channelId: number;
  let customerId: number;
  let account: { id: number; code: string; customerId: number };

  /** A write through the API with its check-repeat key. */
  const write = <T>(url: string, body: unknown, as = token) => keyedWrite<T>(server.url, as, url, body);

  beforeAll(async () => {
    // the channels this file makes go live: the demo simulator would route traffic to them between tests
    server = await startShellServer({ TRAFFIC_SIMULATOR: 'false' });
    await settlePopups(server.url, ADMIN);
    browser = await launch();
    token = await apiToken(server.url, ADMIN);
    // the chain: a buyer's supplier, admitted through an approval, before its channel goes live
    const buyer = await apiToken(server.url, BUYER);
    const supplier = await write<{ id: number }>(
      '/v2/srm/supplier/save',
      { name: 'E2E Harbour Telecom', alias: 'e2eharbour', type: 'aggregator', country: 'SG' },
      buyer,
    );
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 licence'], { type: 'application/pdf' }), 'licence.pdf');
    const doc = (await (
      await fetch(`${server.url}/v2/sys/staff/file/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer}` },
        body: form,
      })
    ).json()) as { data: { id: string } };
    const applied = await write<{ approvalId: number }>(
      '/v2/srm/admission/apply',
      { supplierId: supplier.id, checklist: CHECKLIST, documents: [doc.data.id] },
      buyer,
    );
    const manager = await apiToken(server.url, MANAGER);
    const todo = await write<{ records: { id: number; taskId: number }[] }>(
      '/v2/workflow/my/toDoPage',
      { page: 1, size: 100 },
      manager,
    );
    const task = todo.records.find((r) => r.id === applied.approvalId);
    expect(task, 'the purchasing manager has the admission to decide').toBeTruthy();
    await write('/v2/workflow/agree', { taskId: task!.taskId, opinion: 'due diligence done' }, manager);
    // one consumer account of a customer (finance's list): the route is bound to that account
    const accounts = await api<{ records: { id: number; code: string; customerId: number }[] }>(
      server.url,
      token,
      'POST',
      '/v2/fc/account/page',
      { size: 1, state: 'active' },
    );
    account = accounts.records[0]!;
    customerId = account.customerId;
    channelId = (
      await write<{ id: number }>('/v2/srm/channel/save', {
        name: 'E2E SG OTP',
        supplierId: supplier.id,
        product: 'sms',
        protocol: 'smpp',
        host: 'smpp.harbour.example',
        port: 2775,
        password: 'e2e-secret',
        networks: SG,
        capacity: 120,
        tags: ['otp'],
      })
    ).id;
    // admitted: the channel may go live
    await write('/v2/srm/channel/state', { id: channelId, state: 'live' });
    await write('/v2/srm/sender-id/save', { senderId: 'E2EBANK', channelId, country: 'SG', customerId });
    await write('/v2/srm/route-bind/save', {
      customerId,
      accountCode: account.code,
      country: 'SG',
      channelId,
      priority: 1,
      weight: 100,
      effectiveFrom: '2020-01-01T00:00:00.000Z',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the route in force for the account is its own binding to the channel', async () => {
    const route = await write<{ scope: string; level: string; routes: { channelId: number }[] }>(
      '/v2/srm/route-bind/resolve',
      { accountCode: account.code, network: SG[0] },
    );
    expect(route).toMatchObject({ scope: 'account', level: 'country' });
    expect(route.routes.map((r) => r.channelId)).toEqual([channelId]);
  });

  it('a number of the bound country shows the channel covering its three networks', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/businessInquiry/mcc-mnc-query',
    });
    await page.getByTestId('lookup-input').locator('input').fill('+65 9123 4567');
    await page.getByTestId('lookup-input').locator('input').press('Enter');
    const row = page.getByTestId('lookup-channels').locator('.ant-table-row').filter({ hasText: 'E2E SG OTP' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain('52501, 52503, 52505');
    expect(await row.textContent()).toContain('Live');
    await shot(page, 'srm-mcc-mnc-query-1280-en');
    await ctx.close();
  });

  it('channelRecommend ranks the live channel for Singapore; a channel without traffic says so in the quality column', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/businessInquiry/channelRecommend',
    });
    await page.getByTestId('recommend-country').click();
    await page.keyboard.type('SG');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^SG / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Recommend' }).click();
    const row = page.getByTestId('channel-recommend').locator('.ant-table-row').filter({ hasText: 'E2E SG OTP' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain('No traffic');
    expect(await page.getByTestId('channel-recommend').textContent()).toContain('equal costs are ordered by quality');
    await shot(page, 'srm-channel-recommend-1280-en');
    await ctx.close();
  });

  it('the channel list and its coverage; the route bound and the sender id in Chinese at 390 px', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/businessInquiry/channelManage',
    });
    const row = page.locator('.ant-table-row').filter({ hasText: 'E2E SG OTP' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.textContent('body')).not.toContain('e2e-secret');
    await shot(page, 'srm-channels-1280-en');
    await row.getByTestId('row-detail').click();
    await openDrawerTab(page, 'Coverage');
    await expect
      .poll(() => page.getByTestId('related-srm.channelCoverage').locator('.ant-table-row').count(), {
        timeout: 10_000,
      })
      .toBe(3);
    await shot(page, 'srm-channel-coverage-1280-en');
    // the cost now per covered network, from the channel's supplier quote (one of three quoted)
    await write('/v2/qm/price/save', {
      bookKind: 'channel',
      bookId: channelId,
      product: 'sms',
      network: SG[0],
      unitPrice: '0.0042',
      currency: 'USD',
    });
    await openDrawerTab(page, 'Quality and cost');
    const costRows = page.getByTestId('channel-cost').locator('.ant-table-row');
    await expect.poll(() => costRows.count(), { timeout: 10_000 }).toBe(3);
    expect(await costRows.filter({ hasText: SG[0] }).textContent()).toContain('0.004200 USD');
    expect(await costRows.filter({ hasText: 'No quote' }).count()).toBe(2);
    await shot(page, 'srm-channel-cost-1280-en');
    await ctx.close();
    const zh = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      width: 390,
      height: 844,
      at: '/businessInquiry/route-bind',
    });
    await expect.poll(() => zh.page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(zh.page, 'srm-route-bind-390-zh');
    await zh.page.goto(`${server.url}/businessInquiry/channel/sender-id`);
    await expect
      .poll(() => zh.page.locator('.ant-table-row').filter({ hasText: 'E2EBANK' }).count(), { timeout: 20_000 })
      .toBe(1);
    await shot(zh.page, 'srm-sender-id-390-zh');
    await zh.ctx.close();
  });
});
