import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import { api, apiToken, FINANCE, signedIn, useShellServer } from './support/shell.js';

const SECRET = 'e2e-u-platform-secret-0123456789abcdef';
const PATH = '/financial/recharge-record/u-platform';
const rows = (page: Page) => page.locator('.ant-table-row');

/** U-platform top-ups (decision 0128): a signed online payment arrives and is listed; the screen at every size. */
describe('finance: U-platform top-up records (decision 0128)', () => {
  const shell = useShellServer({ settle: FINANCE, env: { U_PLATFORM_SECRET: SECRET } });

  it('a signed payment notification posts a recharge that finance01 finds on the screen', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const acc = (
      await api<{ records: { code: string; currency: string }[] }>(base, token, 'POST', '/v2/fc/account/page', {
        state: 'active',
        size: 1,
      })
    ).records[0]!;
    const body = {
      paymentId: `E2E${Date.now()}`,
      accountCode: acc.code,
      amount: '321.00',
      currency: acc.currency,
      paidAt: new Date().toISOString(),
      payer: 'WeChat Pay e2e',
    };
    const ts = String(Math.floor(Date.now() / 1000));
    const text = [ts, body.paymentId, body.accountCode, body.amount, body.currency, body.paidAt].join('.');
    const sig = createHmac('sha256', SECRET).update(text).digest('hex');
    const res = await fetch(`${base}/v2/fc/u-platform/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-u-timestamp': ts, 'x-u-signature': sig },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { code: number; data: { posted: boolean } };
    expect(answer.code).toBe(0);
    expect(answer.data.posted).toBe(true);

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: PATH,
    });
    const row = rows(page).filter({ hasText: body.paymentId });
    await row.first().waitFor({ timeout: 20_000 });
    expect(await row.first().textContent()).toContain(acc.code);
    // the payer is a column the narrow default layout leaves to the column chooser; the list answers it
    const listed = await api<{ records: { key: string; note: string }[] }>(
      base,
      token,
      'POST',
      '/v2/fc/entry/u-platform/page',
      { size: 5 },
    );
    expect(listed.records.find((r) => r.key === `u-platform:${body.paymentId}`)?.note).toContain('WeChat Pay e2e');
    await shot(page, 'finance-u-platform-new-1280-en');
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['en', 1280, 800],
    ['zh-CN', 1280, 800],
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
      await shot(page, `finance-u-platform-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await ctx.close();
    });
});
