import { Errors } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { ADMIN, api, apiToken, signedIn, useShellServer } from './support/shell.js';

const RATES = '/setModule/financial/xe-rate';
const rateRow = (page: Page) => page.locator('.ant-table-row', { hasText: '2026-02-03' }).filter({ hasText: 'EUR' });

/** The envelope of a call that names no language (fetch in Node sends `Accept-Language: *`). */
async function missingUser(base: string, token: string) {
  const res = await fetch(`${base}/v2/sys/staff/user/detail`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: 99_999_999 }),
  });
  return (await res.json()) as { code: number; msg: string };
}

describe('names with the answer, the saved language (decision 0068)', () => {
  const running = useShellServer({ rate: true });

  it('a list shows who changed a record by name in each language; the switch saves the language', async () => {
    const { server, browser } = running;
    const token = await apiToken(server.url, ADMIN);
    const { key } = await api<{ key: string }>(server.url, token, 'GET', '/v2/sys/staff/common/request/idempotence');
    const saved = await fetch(`${server.url}/v2/sys/staff/ref/rate/save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
      body: JSON.stringify({ from: 'EUR', to: 'CNY', rate: '7.4321', day: '2026-02-03' }),
    });
    expect(((await saved.json()) as { code: number }).code).toBe(0);
    // nothing saved yet: a call naming no language reads English
    expect(await missingUser(server.url, token)).toMatchObject({
      code: Errors.NOT_FOUND.code,
      msg: Errors.NOT_FOUND.en,
    });

    // the detail shows who changed the rate (a user field) by the name its answer carried
    const drawer = (page: Page) => page.locator('.ant-drawer-content-wrapper:visible');
    const changedBy = async (page: Page, name: string) => {
      await rateRow(page).getByTestId('row-detail').click();
      await expect
        .poll(() => drawer(page).getByTestId('detail-updatedBy').textContent(), { timeout: 20_000 })
        .toBe(name);
    };
    const closeDrawer = async (page: Page) => {
      await drawer(page).locator('.ant-drawer-close').click();
      await expect.poll(() => drawer(page).count(), { timeout: 10_000 }).toBe(0);
    };
    for (const width of views([1280, 900, 390])) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'en', width, height: 800, at: RATES });
      await expect.poll(() => rateRow(page).count(), { timeout: 20_000 }).toBe(1);
      await changedBy(page, 'Administrator');
      await page.waitForTimeout(500); // the drawer's slide-in, for the picture
      await shot(page, `names-xe-rate-${width}-en`);
      await closeDrawer(page);

      await page.getByTestId('lang-switch').click();
      await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 15_000 }).toMatch(/^zh/);
      await expect.poll(() => rateRow(page).count(), { timeout: 20_000 }).toBe(1);
      // the switch saved the language on the server
      await expect
        .poll(
          async () =>
            (await api<Record<string, string>>(server.url, token, 'GET', '/v2/sys/staff/pref/get?scope=ui'))[
              'ui.locale'
            ],
          {
            timeout: 10_000,
          },
        )
        .toBe('zh-CN');
      await changedBy(page, '系统管理员');
      await page.waitForTimeout(500);
      await shot(page, `names-xe-rate-${width}-zh`);
      await ctx.close();
    }
    // the switch kept Chinese on the server: a call naming no language now reads Chinese
    await expect
      .poll(async () => (await missingUser(server.url, token)).msg, { timeout: 10_000 })
      .toBe(Errors.NOT_FOUND.zh);
  });
});
