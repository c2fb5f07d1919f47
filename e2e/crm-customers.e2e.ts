import { describe, expect, it } from 'vitest';
import { type Page, shot } from './support/browser.js';
import { openDrawerTab, SALES, signedIn, useShellServer } from './support/shell.js';
import { exportedRows } from './support/xlsx.js';

/** Picks an option of the antd Select under a form label by typing its text. */
async function pick(page: Page, label: string, text: string) {
  await page
    .locator('.ant-modal:visible .ant-form-item')
    .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-select')
    .click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

describe('CRM customers', () => {
  const shell = useShellServer({ settle: SALES });

  it('sales01 adds a customer, sees the duplicate warning first, records a follow-up and sees it in the history', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, SALES, {
      locale: 'en',
      at: '/crm/client-partner/my-client',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'crm-customers-1280-en');
    await page.getByTestId('list-create').click();
    // the first demo company is "Blue Pay Ltd": a near name is a possible duplicate, shown before saving
    await page.getByTestId('crm-name').fill('Blue Pay Ltd.');
    await expect
      .poll(() => page.getByTestId('crm-duplicates').textContent(), { timeout: 10_000 })
      .toContain('Blue Pay Ltd');
    await shot(page, 'crm-customer-duplicates-1280-en');
    await page.getByTestId('crm-name').fill('Zephyr Messaging Test GmbH');
    await page.locator('.ant-modal:visible').getByLabel('Alias', { exact: true }).fill('ZephyrE2E');
    await pick(page, 'Customer type', 'C-end direct');
    await pick(page, 'Country', 'Germany');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 10_000 }).toBe(0);
    const row = page.locator('.ant-table-row').filter({ hasText: 'ZephyrE2E' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByTestId('row-detail').click();
    await openDrawerTab(page, 'History');
    await openDrawerTab(page, 'Follow-up');
    const form = page.getByTestId('history-follow-up');
    await form
      .locator('.ant-form-item')
      .filter({ has: page.locator('label', { hasText: /^Type$/ }) })
      .locator('.ant-select')
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Call' }).click();
    await form.locator('textarea').fill('Called about OTP traffic to Germany');
    await page.getByTestId('history-follow-up-save').click();
    await expect
      .poll(() => page.getByTestId('record-timeline').textContent(), { timeout: 10_000 })
      .toContain('Called about OTP traffic to Germany');
    await shot(page, 'crm-customer-history-1280-en');
    await ctx.close();
  });

  it('the business partner list exports partners only', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, SALES, {
      locale: 'en',
      at: '/crm/business-partner',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const { rows } = await exportedRows(page);
    const type = rows[0]!.indexOf('Customer type');
    expect(type).toBeGreaterThanOrEqual(0);
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.slice(1).map((r) => r[type]))).toEqual(new Set(['R-end reseller']));
    await ctx.close();
  });

  it('shows the list and a customer’s details in Chinese at 390 px', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, SALES, {
      locale: 'zh-CN',
      width: 390,
      height: 844,
      at: '/crm/client-partner/my-client',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'crm-customers-390-zh');
    // a seeded customer (each has contacts): the first rows may be customers the other test just added
    await page.locator('.ant-table-row').last().getByTestId('row-detail').click();
    await openDrawerTab(page, '联系人');
    // vitest's poll gives up after 1 s by default: too short for a loaded CI machine
    await expect
      .poll(() => page.getByTestId('related-crm.contact').locator('.ant-table-row').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await shot(page, 'crm-customer-contacts-390-zh');
    await ctx.close();
  });
});
