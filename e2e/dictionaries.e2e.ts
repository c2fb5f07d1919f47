import { Errors } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { ADMIN, api, apiToken, SALES, signedIn, useShellServer } from './support/shell.js';
import { exportedRows } from './support/xlsx.js';

interface Item {
  value: string;
  label: string;
  labelEn: string;
  enabled: boolean;
}

describe('dictionary settings (/setModule/<module>/dictionary)', () => {
  const shell = useShellServer();

  it('admin renames an item, adds one and disables one, sees the history, filters and exports; every reader sees it', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
      locale: 'en',
      at: '/setModule/crm/dictionary',
    });
    await page.getByRole('menuitem', { name: /Lost reason/ }).click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(4);
    await shot(page, 'dictionaries-crm-1280-en');

    const price = page.locator('.ant-table-row').filter({ has: page.getByText('price', { exact: true }) });
    await price.locator('input').nth(1).fill('Price too high');
    await page
      .locator('.ant-table-row')
      .filter({ has: page.getByText('service', { exact: true }) })
      .locator('.ant-switch')
      .click();
    await page.getByRole('button', { name: 'Add item' }).click();
    const added = page.locator('.ant-table-row').last();
    await added.locator('input').nth(0).fill('competitor');
    await added.locator('input').nth(1).fill('竞品');
    await added.locator('input').nth(2).fill('Competitor');
    await page.getByTestId('dict-save').click();
    await expect.poll(() => page.getByText('Saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // the dictionary's history: the save, by admin
    await expect.poll(() => page.getByTestId('record-history').getByText('admin').count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'dictionaries-history-1280-en');

    // filter the dictionaries, then export the ones listed with every item (the disabled one too)
    const types = page.getByTestId('dict-types');
    await types.getByPlaceholder('Search dictionaries').fill('lost');
    await types.getByPlaceholder('Search dictionaries').press('Enter');
    await expect.poll(() => types.getByRole('menuitem').count(), { timeout: 10_000 }).toBe(1);
    const { name, rows } = await exportedRows(page);
    expect(name).toMatch(/^dictionaries_\d{14}\.xlsx$/);
    expect(rows[0]).toEqual([
      'Dictionary code',
      'Dictionary',
      'Value',
      'Chinese label',
      'English label',
      'Order',
      'Colour',
      'Enabled',
    ]);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(['crm.lost_reason']));
    expect(rows.find((r) => r[2] === 'price')?.slice(3, 5)).toEqual(['价格', 'Price too high']);
    expect(rows.find((r) => r[2] === 'service')?.[7]).toBe('No');
    expect(rows.find((r) => r[2] === 'competitor')?.slice(3, 5)).toEqual(['竞品', 'Competitor']);

    const sales = await apiToken(shell.server.url, SALES);
    const read = await api<Record<string, Item[]>>(
      shell.server.url,
      sales,
      'GET',
      '/v2/sys/staff/sysDict/read?codes=crm.lost_reason',
    );
    const byValue = Object.fromEntries(read['crm.lost_reason']!.map((i) => [i.value, i]));
    expect(byValue.price?.labelEn).toBe('Price too high');
    expect(byValue.service?.enabled).toBe(false);
    expect(byValue.competitor).toMatchObject({ label: '竞品', labelEn: 'Competitor', enabled: true });
    await ctx.close();
  });

  it('each module has its own dictionaries, in both languages and on a phone', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
      locale: 'zh-CN',
      width: 390,
      height: 844,
      at: '/setModule/purchase/dictionary',
    });
    await expect.poll(() => page.getByRole('menuitem', { name: /付款方式/ }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('menuitem', { name: /流失原因/ }).count()).toBe(0);
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'dictionaries-purchase-390-zh');
    await ctx.close();
  });

  it('a user without the module key gets the no-permission page, and the API refuses the save', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, SALES, {
      locale: 'en',
      at: '/setModule/crm/dictionary',
    });
    await expect(page.getByTestId('forbidden').waitFor({ timeout: 15_000 })).resolves.toBeUndefined();
    const token = await apiToken(shell.server.url, SALES);
    const res = await fetch(`${shell.server.url}/v2/sys/staff/sysDict/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'crm.industry', items: [] }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(Errors.NO_PERMISSION.code);
    await ctx.close();
  });
});
