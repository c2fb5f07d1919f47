import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import {
  apiToken,
  type DemoUser,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const BUYER: DemoUser = { username: 'purchase01', password: 'Purchase#2026' };
const MANAGER: DemoUser = { username: 'purchasemgr', password: 'Purchase#2026' };

/** Picks an option of the antd Select under a form label of the open dialog by typing its text. */
async function pick(page: Page, label: string, text: string) {
  await page
    .locator('.ant-modal:visible .ant-form-item')
    .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-select')
    .first()
    .click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** A checked-repeat API call as the web client makes it (submission id first); must succeed. */
async function call<T>(base: string, token: string, url: string, body: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
  const key = (await (await fetch(`${base}/v2/sys/staff/common/request/idempotence`, { headers })).json()).data.key;
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-idempotence-key': key },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json.data as T;
}

describe('SRM suppliers', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, BUYER);
    await settlePopups(server.url, MANAGER);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a buyer adds a supplier (the duplicate warning first), applies for its admission, and the manager’s approval admits it', async () => {
    const { ctx, page } = await signedIn(browser, server.url, BUYER, { locale: 'en', at: '/srm/supplier/my-supplier' });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'srm-my-suppliers-1280-en');
    await page.getByTestId('list-create').click();
    // the first demo supplier is "Asia Telecom Ltd": a near name is a possible duplicate, shown before saving
    await page.getByTestId('srm-name').fill('Asia Telecom Ltd.');
    await expect
      .poll(() => page.getByTestId('srm-duplicates').textContent(), { timeout: 10_000 })
      .toContain('Asia Telecom Ltd');
    await shot(page, 'srm-supplier-duplicates-1280-en');
    await page.getByTestId('srm-name').fill('Kestrel Routes E2E Ltd');
    await page.locator('.ant-modal:visible').getByLabel('Alias', { exact: true }).fill('KestrelE2E');
    await pick(page, 'Supplier type', 'Aggregator');
    await pick(page, 'Country', 'Germany');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 10_000 }).toBe(0);
    const row = page.locator('.ant-table-row').filter({ hasText: 'KestrelE2E' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);

    await page.goto(`${server.url}/srm/operate/supplier/lication`);
    await page.getByTestId('admission-apply').click();
    await page.getByTestId('admission-supplier').click();
    await page.keyboard.type('Kestrel');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Kestrel' }).click();
    for (const box of await page.getByTestId('admission-checklist').locator('input[type=checkbox]').all())
      await box.check();
    await page
      .locator('.ant-modal:visible input[type=file]')
      .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 licence') });
    await expect
      .poll(
        () =>
          page
            .locator(
              '.ant-modal:visible .ant-upload-list-item-done, .ant-modal:visible .ant-upload-list-item:not(.ant-upload-list-item-uploading)',
            )
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    await shot(page, 'srm-admission-apply-1280-en');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 10_000 }).toBe(0);
    const app = page.locator('.ant-table-row').filter({ hasText: 'Kestrel' });
    await expect.poll(() => app.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => app.textContent()).toContain('Under review');

    // the purchasing manager agrees in the approval engine (the approval room's own screens are tested there)
    const token = await apiToken(server.url, MANAGER);
    const todo = await call<{ records: { title: string; taskId: number }[] }>(
      server.url,
      token,
      '/v2/workflow/my/toDoPage',
      { page: 1, size: 100 },
    );
    const task = todo.records.find((r) => r.title.includes('Kestrel'));
    expect(task, 'the manager has the to-do').toBeTruthy();
    await call(server.url, token, '/v2/workflow/agree', { taskId: task!.taskId, opinion: 'licence checked' });

    await page.reload();
    await expect.poll(() => app.textContent(), { timeout: 10_000 }).toContain('Approved');
    await page.goto(`${server.url}/srm/supplier/my-supplier`);
    const admitted = page.locator('.ant-table-row').filter({ hasText: 'KestrelE2E' });
    await expect.poll(() => admitted.count(), { timeout: 20_000 }).toBe(1);
    await admitted.getByTestId('row-detail').click();
    await expect.poll(() => page.locator('.ant-drawer').textContent(), { timeout: 10_000 }).toMatch(/Admitted\s*Yes/);
    await shot(page, 'srm-supplier-admitted-1280-en');
    await ctx.close();
  });

  it('a buyer asks to transfer a supplier to a colleague; the request waits for the approval', async () => {
    const token = await apiToken(server.url, BUYER);
    const supplier = await call<{ id: number }>(server.url, token, '/v2/srm/supplier/save', {
      name: 'Osprey Transit Networks BV',
      alias: 'osprey-transit',
      type: 'aggregator',
      country: 'NL',
    });
    const { ctx, page } = await signedIn(browser, server.url, BUYER, {
      locale: 'en',
      at: `/srm/operate/transfer-supplier/apply?supplierId=${supplier.id}`,
    });
    const form = page.getByTestId('transfer-request-form');
    await expect.poll(() => form.textContent(), { timeout: 20_000 }).toContain('Osprey Transit Networks BV');
    await page.getByTestId('transfer-receiver').click();
    // any buyer of another department or the same one, not the applicant (陈静)
    const other = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasNotText: '陈静' });
    await expect.poll(() => other.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await other.first().click();
    await form.locator('textarea').fill('moving to the Benelux desk');
    await shot(page, 'srm-transfer-request-1280-en');
    await form.getByRole('button', { name: 'Submit for approval' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('/srm/operate/transfer-supplier/detail');
    await expect.poll(() => page.textContent('body'), { timeout: 20_000 }).toContain('Under review');
    await page.goto(`${server.url}/srm/operate/transfer-supplier/list`);
    const row = page.locator('.ant-table-row').filter({ hasText: 'Osprey Transit Networks BV' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain('Transfer');
    await ctx.close();
  });

  it('a buyer claims a supplier from the open sea (zh, 900 px) and finds it among their own', async () => {
    const { ctx, page } = await signedIn(browser, server.url, BUYER, {
      locale: 'zh-CN',
      width: 900,
      height: 800,
      at: '/srm/supplier/sea-supplier',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = page.locator('.ant-table-row').first();
    const code = (await first
      .locator('td')
      .filter({ hasText: /^SD\d{6}$/ })
      .first()
      .textContent())!.trim();
    await first.locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: /^领\s*取$/ }).click();
    await page
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: code }).count(), { timeout: 10_000 })
      .toBe(0);
    await shot(page, 'srm-sea-900-zh');
    await page.goto(`${server.url}/srm/supplier/my-supplier`);
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: code }).count(), { timeout: 20_000 })
      .toBe(1);
    await ctx.close();
  });

  it('shows my suppliers and the sea rules in Chinese at 390 px', async () => {
    const { ctx, page } = await signedIn(browser, server.url, MANAGER, {
      locale: 'zh-CN',
      width: 390,
      height: 844,
      at: '/srm/supplier/my-supplier',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'srm-my-suppliers-390-zh');
    await page.goto(`${server.url}/setModule/purchase/rules/seas`);
    await page.getByTestId('sea-rules-form').waitFor();
    await shot(page, 'srm-sea-rules-390-zh');
    await ctx.close();
  });
});
