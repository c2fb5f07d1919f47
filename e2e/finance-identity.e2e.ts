import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { api, apiToken, FINANCE, signedIn, useShellServer } from './support/shell.js';

interface Identity {
  id: number;
  code: string;
  identityState: string;
  legalName: string | null;
  validUntil: string | null;
}

const rows = (page: Page) => page.locator('.ant-table-row');
const PATH = '/financial/account/consumer/auth';

/** Decision 0133: each account's identity state, its renewal action and its verification history. */
describe('finance: identity verification per account (decision 0133)', () => {
  const shell = useShellServer({ settle: FINANCE });

  it('shows an expiring account with its renewal, and opens its verification history', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const expiring = await api<{ records: Identity[] }>(base, token, 'POST', '/v2/fc/identity/page', {
      identityState: 'expiring',
      size: 1,
    });
    const target = expiring.records[0]!;
    expect(target, 'a seeded expiring account').toBeTruthy();

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: PATH,
    });
    await rows(page).first().waitFor({ timeout: 20_000 });
    const row = rows(page).filter({ hasText: target.code });
    await page.locator('#keyword').fill(target.code);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    expect(await row.first().textContent()).toContain('Expiring');
    expect(await row.first().getByTestId('identity-submit').textContent()).toContain('Renew');
    await row.first().getByTestId('identity-history').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    expect(await drawer.locator('.ant-table-row').first().textContent()).toContain(target.legalName!);
    await shot(page, 'finance-identity-history-1280-en');
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['en', 1280, 800],
    ['zh-CN', 1280, 800],
    ['en', 900, 800],
    ['zh-CN', 900, 800],
    ['en', 390, 844],
    ['zh-CN', 390, 844],
  ] as const))
    it(`the screen at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, {
        locale,
        width,
        height,
        at: PATH,
      });
      await rows(page).first().waitFor({ timeout: 20_000 });
      await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
      await shot(page, `finance-identity-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await ctx.close();
    });
});
