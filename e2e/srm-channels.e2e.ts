import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import { ADMIN, api, apiToken, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';

/** SG networks the reference data lists (MCC 525): SingTel, StarHub, M1. */
const SG = ['52501', '52503', '52505'];

describe('SRM channels', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;
  let channelId: number;
  let customerId: number;

  /** A write through the API with its check-repeat key. */
  const write = async <T>(url: string, body: unknown) => {
    const { key } = await api<{ key: string }>(server.url, token, 'GET', '/v2/sys/staff/common/request/idempotence');
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: T };
    expect(json.code, `${url}: ${JSON.stringify(json)}`).toBe(0);
    return json.data;
  };

  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN);
    browser = await launch();
    token = await apiToken(server.url, ADMIN);
    const supplier = await write<{ id: number }>('/v2/srm/supplier/save', {
      name: 'E2E Harbour Telecom',
      alias: 'e2eharbour',
      type: 'aggregator',
      country: 'SG',
    });
    const customers = await api<{ records: { id: number }[] }>(server.url, token, 'POST', '/v2/crm/customer/page', {
      size: 1,
    });
    customerId = customers.records[0]!.id;
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
    await write('/v2/srm/sender-id/save', { senderId: 'E2EBANK', channelId, country: 'SG', customerId });
    await write('/v2/srm/route-bind/save', {
      customerId,
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

  it('a number of the bound country shows the channel covering its three networks', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'en' });
    await page.goto(`${server.url}/businessInquiry/mcc-mnc-query`);
    await page.getByTestId('lookup-input').locator('input').fill('+65 9123 4567');
    await page.getByTestId('lookup-input').locator('input').press('Enter');
    const row = page.getByTestId('lookup-channels').locator('.ant-table-row').filter({ hasText: 'E2E SG OTP' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain('52501, 52503, 52505');
    await shot(page, 'srm-mcc-mnc-query-1280-en');
    await ctx.close();
  });

  it('the channel list and its coverage; the route bound and the sender id in Chinese at 390 px', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'en' });
    await page.goto(`${server.url}/businessInquiry/channelManage`);
    const row = page.locator('.ant-table-row').filter({ hasText: 'E2E SG OTP' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.textContent('body')).not.toContain('e2e-secret');
    await shot(page, 'srm-channels-1280-en');
    await row.getByTestId('row-detail').click();
    await page.locator('.ant-drawer .ant-tabs-tab').filter({ hasText: 'Coverage' }).click();
    await expect
      .poll(() => page.getByTestId('related-srm.channelCoverage').locator('.ant-table-row').count(), {
        timeout: 10_000,
      })
      .toBe(3);
    await shot(page, 'srm-channel-coverage-1280-en');
    await ctx.close();
    const zh = await signedIn(browser, server.url, ADMIN, { locale: 'zh-CN', width: 390, height: 844 });
    await zh.page.goto(`${server.url}/businessInquiry/route-bind`);
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
