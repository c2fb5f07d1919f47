import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import {
  api,
  apiToken,
  chooseOption,
  FINANCE,
  keyedPost,
  signedIn,
  submitModal,
  useShellServer,
} from './support/shell.js';

const PATH = '/financial/recharge-record/main-account';
const rows = (page: Page) => page.locator('.ant-table-row');

type Account = {
  id: number;
  code: string;
  balance: string;
  mainAccountId: number | null;
  mainAccountCode: string | null;
};

/**
 * Main accounts (decision 0134): finance applies on the screen to allocate money of a main account
 * to a sub-account; approved, the allocation is listed with the sub-account; the screen at every size.
 */
describe('finance: main account top-up records (decision 0134)', () => {
  const shell = useShellServer({ settle: FINANCE });

  it('finance01 applies for an allocation on the screen; approved, it is listed with the sub-account', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    // a demo sub-account (the seed gives three main accounts two each)
    const accounts = await api<{ records: Account[] }>(base, token, 'POST', '/v2/fc/account/page', {
      state: 'active',
      size: 200,
    });
    const sub = accounts.records.find((a) => a.mainAccountId != null)!;
    expect(sub, 'a demo sub-account').toBeTruthy();

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: PATH,
    });
    await rows(page).first().waitFor({ timeout: 20_000 });
    await page.getByTestId('allocation-apply').click();
    await page.getByTestId('allocation-account').click();
    await chooseOption(page, sub.code);
    await page.getByTestId('allocation-amount').fill('12.5');
    await page.getByTestId('allocation-reason').fill('e2e group funds');
    await shot(page, 'finance-main-account-apply-1280-en');
    await submitModal(page);
    await page.getByText('Submitted for finance’s approval').first().waitFor({ timeout: 20_000 });

    // finance01 is the demo reviewer: the request is in their to-dos
    const apps = await api<{ records: { id: number; instanceId: number; kind: string; amount: string }[] }>(
      base,
      token,
      'POST',
      '/v2/fc/application/page',
      { kind: ['allocation'], state: 'pending', size: 20 },
    );
    const app = apps.records.find((a) => a.amount === '12.5000')!;
    expect(app, 'the pending allocation').toBeTruthy();
    const todo = await api<{ records: { id: number; taskId: number }[] }>(
      base,
      token,
      'POST',
      '/v2/workflow/my/toDoPage',
      {
        page: 1,
        size: 200,
      },
    );
    const task = todo.records.find((r) => r.id === app.instanceId)!;
    const agreed = await keyedPost(base, token, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);

    await page.reload();
    const row = rows(page).filter({ hasText: sub.code }).filter({ hasText: '-12.5' });
    await row.first().waitFor({ timeout: 20_000 });
    expect(await row.first().textContent()).toContain(sub.mainAccountCode!);
    await shot(page, 'finance-main-account-posted-1280-en');
    await ctx.close();
  });

  it('finance01 sends money back from a sub-account to its main account; approved, listed with from → to', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const accounts = await api<{ records: Account[] }>(base, token, 'POST', '/v2/fc/account/page', {
      state: 'active',
      size: 200,
    });
    const sub = accounts.records.find((a) => a.mainAccountId != null && Number(a.balance) >= 10)!;
    expect(sub, 'a demo sub-account holding money').toBeTruthy();
    const main = sub.mainAccountCode!;

    for (const [locale, width, height] of views([
      ['en', 1280, 900],
      ['zh-CN', 1280, 900],
      ['en', 900, 800],
      ['zh-CN', 900, 800],
      ['en', 390, 844],
      ['zh-CN', 390, 844],
    ] as const)) {
      const { ctx, page } = await signedIn(shell.browser, base, FINANCE, { locale, width, height, at: PATH });
      await rows(page).first().waitFor({ timeout: 60_000 });
      await page.getByTestId('allocation-apply').click();
      await page.getByTestId('allocation-from').click();
      await chooseOption(page, sub.code);
      await page.getByTestId('allocation-account').click();
      await chooseOption(page, main);
      await page.getByTestId('allocation-amount').fill('3.25');
      await page.getByTestId('allocation-reason').fill('e2e back to the main account');
      const tag = `${width}-${locale === 'en' ? 'en' : 'zh'}`;
      await shot(page, `finance-allocation-back-form-${tag}`);
      if (locale === 'en' && width === 1280) {
        await submitModal(page);
        await page.getByText('Submitted for finance’s approval').first().waitFor({ timeout: 60_000 });
      }
      await ctx.close();
    }

    const apps = await api<{ records: { id: number; instanceId: number; amount: string; accountId: number }[] }>(
      base,
      token,
      'POST',
      '/v2/fc/application/page',
      { kind: ['allocation'], state: 'pending', size: 20 },
    );
    const app = apps.records.find((a) => a.amount === '3.2500' && a.accountId === sub.id)!;
    expect(app, 'the pending allocation back').toBeTruthy();
    const todo = await api<{ records: { id: number; taskId: number }[] }>(
      base,
      token,
      'POST',
      '/v2/workflow/my/toDoPage',
      {
        page: 1,
        size: 200,
      },
    );
    const task = todo.records.find((r) => r.id === app.instanceId)!;
    const agreed = await keyedPost(base, token, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
    expect(agreed.code, agreed.msg).toBe(0);

    for (const [locale, width, height] of views([
      ['en', 1280, 900],
      ['zh-CN', 1280, 900],
      ['en', 900, 800],
      ['zh-CN', 900, 800],
      ['en', 390, 844],
      ['zh-CN', 390, 844],
    ] as const)) {
      const { ctx, page } = await signedIn(shell.browser, base, FINANCE, { locale, width, height, at: PATH });
      // a phone folds the direction and amount columns away: the row is the sub-account's there
      const row =
        width === 390
          ? rows(page).filter({ hasText: sub.code })
          : rows(page)
              .filter({ hasText: `${sub.code} → ${main}` })
              .filter({ hasText: '-3.25' });
      await row.first().waitFor({ timeout: 60_000 });
      await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 60_000 });
      await shot(page, `finance-allocation-back-posted-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      await ctx.close();
    }
  }, 600_000);

  for (const [locale, width, height] of views([
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
      await shot(page, `finance-main-account-${width}-${locale === 'en' ? 'en' : 'zh'}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await ctx.close();
    });
});
