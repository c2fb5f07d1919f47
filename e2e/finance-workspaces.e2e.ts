import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { api, apiToken, confirmPopconfirm, FINANCE, signedIn, submitModal, useShellServer } from './support/shell.js';

interface Page_<T> {
  records: T[];
  total: number;
}
interface KeyRow {
  id: number;
  prefix: string;
  state: string;
  workspaceId: number;
}

/** Picks the option of the antd Select (by its test id) whose text holds `text`. */
async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}
const rows = (page: Page) => page.locator('.ant-table-row');

describe('finance: customer workspaces and their API keys (decision 0116)', () => {
  const shell = useShellServer({ settle: FINANCE });

  it('finance01 makes a workspace, a key shown once, rotates it and revokes the new one', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const accounts = await api<Page_<{ id: number; code: string; state: string }>>(
      base,
      token,
      'POST',
      '/v2/fc/account/page',
      { state: 'active', size: 5 },
    );
    const acc = accounts.records[0]!;
    expect(acc, 'an active account').toBeTruthy();
    // a workspace billed to the account
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/account/consumer/workspace',
    });
    await page.getByTestId('list-create').click();
    await page.getByTestId('field-name').fill('E2E Space');
    await pick(page, 'money-account', acc.code);
    await submitModal(page);
    const spaces = () =>
      api<Page_<{ id: number; code: string; name: string }>>(base, token, 'POST', '/v2/fc/workspace/page', {
        keyword: 'E2E Space',
      });
    await expect.poll(async () => (await spaces()).total, { timeout: 20_000 }).toBe(1);
    const ws = (await spaces()).records[0]!;
    await expect.poll(() => rows(page).filter({ hasText: ws.code }).count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'finance-workspace-created-1280-en');

    // a key: the secret in the copy-once dialog, a check of it by the platform's route
    await page.goto(`${base}/financial/account/consumer/workspaceapi`);
    await page.getByTestId('key-new').click();
    await pick(page, 'key-workspace', ws.code);
    await page.getByTestId('key-name').fill('e2e backend');
    await page.getByTestId('key-allow').fill('203.0.113.0/24');
    await submitModal(page);
    const secretBox = page.getByTestId('key-secret');
    await secretBox.waitFor({ timeout: 20_000 });
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^pk_live_[A-Za-z0-9_-]{32}$/);
    await shot(page, 'finance-workspace-key-once-1280-en');
    const checked = await api<{ workspaceId: number }>(base, token, 'POST', '/v2/fc/workspace/key/verify', {
      secret,
      ip: '203.0.113.7',
    });
    expect(checked.workspaceId).toBe(ws.id);
    await page.getByTestId('key-copied').click();
    await secretBox.waitFor({ state: 'detached' });
    // the list shows the prefix, never the secret
    const keys = async () =>
      (await api<Page_<KeyRow>>(base, token, 'POST', '/v2/fc/workspace/key/page', { workspaceId: ws.id })).records;
    const first = (await keys())[0]!;
    expect(secret.startsWith(first.prefix)).toBe(true);
    await expect.poll(() => rows(page).filter({ hasText: first.prefix }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.content()).not.toContain(secret.slice(16));

    // rotate with the default grace: a new secret shown once; the old key rotated
    await rows(page).filter({ hasText: first.prefix }).getByTestId('key-rotate').click();
    // the form's default grace is in before OK (a click before it lands fails the required check)
    const grace = page.getByTestId('key-grace');
    await grace.waitFor();
    await expect
      .poll(() =>
        grace.evaluate((el) => ((el.matches('input') ? el : el.querySelector('input')) as HTMLInputElement).value),
      )
      .toBe('24');
    await submitModal(page);
    await secretBox.waitFor({ timeout: 20_000 });
    const second = (await secretBox.textContent())!.trim();
    expect(second).not.toBe(secret);
    await shot(page, 'finance-workspace-key-rotated-1280-en');
    await page.getByTestId('key-copied').click();
    await expect
      .poll(async () => (await keys()).map((k) => k.state).sort(), { timeout: 20_000 })
      .toEqual(['active', 'rotated']);

    // revoke the new key
    const fresh = (await keys()).find((k) => k.state === 'active')!;
    const row = rows(page).filter({ hasText: fresh.prefix });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await confirmPopconfirm(page);
    await expect
      .poll(async () => (await keys()).find((k) => k.id === fresh.id)?.state, { timeout: 20_000 })
      .toBe('revoked');
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Revoked');
    await shot(page, 'finance-workspace-keys-1280-en');
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['zh-CN', 1280, 800],
    ['en', 1280, 800],
    ['zh-CN', 900, 800],
    ['en', 900, 800],
    ['zh-CN', 390, 844],
    ['en', 390, 844],
  ] as const))
    it(`the workspaces and keys screens at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, { locale, width, height });
      for (const [path, name] of [
        ['/financial/account/consumer/workspace', 'workspaces'],
        ['/financial/account/consumer/workspaceapi', 'workspace-keys'],
      ] as const) {
        await page.goto(`${shell.server.url}${path}`);
        await page.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
        await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
        await shot(page, `finance-${name}-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
      await ctx.close();
    });
});
