import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import { shownPane } from './support/pane.js';
import {
  ADMIN,
  api,
  apiToken,
  FINANCE,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const E = '/v2/emailbox';

/** Adds an address in an address field (a tags select): type it and press Enter. */
async function addAddress(page: Page, testId: string, address: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.fill(address);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

describe('mail client in the browser (built-in mail server)', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await Promise.all([settlePopups(server.url, SALES), settlePopups(server.url, FINANCE)]);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sales writes to a colleague; it arrives in their inbox; they star it and move it to spam', async () => {
    const subject = `Route quote ${Date.now().toString(36)}`;
    const { ctx: salesCtx, page: sales } = await signedIn(browser, server.url, SALES, {
      locale: 'zh-CN',
      at: '/message/email/write',
    });
    await sales.getByTestId('mail-editor').waitFor({ timeout: 20_000 });

    // the recipient check of spec 5
    await addAddress(sales, 'mail-to', 'not-an-address');
    await sales.getByTestId('mail-send').click();
    await expect
      .poll(() => sales.locator('.ant-message').textContent(), { timeout: 10_000 })
      .toContain('输入邮箱格式有误，请更正');
    await sales.getByTestId('mail-to').locator('.ant-select-selection-item-remove').first().click();

    await addAddress(sales, 'mail-to', 'finance01@portal.example');
    await sales.getByTestId('mail-subject').fill(subject);
    await sales.getByTestId('mail-editor').click();
    await sales.keyboard.type('Please check the Indonesia OTP rates.');
    await shot(sales, 'mail-write-zh-1280');
    await sales.getByTestId('mail-send').click();
    await sales.waitForURL(/\/message\/email\/sent/, { timeout: 20_000 });
    const sent = await shownPane(sales);
    await expect
      .poll(() => sent.locator('.ant-table-row').first().textContent(), { timeout: 15_000 })
      .toContain(subject);
    await shot(sales, 'mail-sent-zh-1280');
    await salesCtx.close();

    const { ctx, page } = await signedIn(browser, server.url, FINANCE, { at: '/message/email/inbox' });
    const row = page.locator('.ant-table-row', { hasText: subject });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('mail-counters').textContent()).toMatch(/inbox [1-9]/);
    await shot(page, 'mail-inbox-en-1280');

    await row.getByTestId('mail-star').click();
    await expect
      .poll(() => row.getByTestId('mail-star').getAttribute('data-starred'), { timeout: 10_000 })
      .toBe('true');
    await page.goto(`${server.url}/message/email/star`);
    await expect.poll(() => page.locator('.ant-table-row', { hasText: subject }).count(), { timeout: 15_000 }).toBe(1);

    await page.goto(`${server.url}/message/email/inbox`);
    await page.locator('.ant-table-row', { hasText: subject }).getByTestId('mail-open').click();
    await page.waitForURL(/\/message\/email\/details\?id=\d+&type=inbox/);
    await expect
      .poll(() => page.frameLocator('[data-testid="mail-body"]').locator('body').textContent(), { timeout: 15_000 })
      .toContain('Please check the Indonesia OTP rates.');
    await shot(page, 'mail-details-en-1280');
    await page.getByTestId('detail-junk').click();
    await page.waitForURL(/\/message\/email\/inbox/);
    await page.goto(`${server.url}/message/email/spam`);
    await expect.poll(() => page.locator('.ant-table-row', { hasText: subject }).count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'mail-spam-en-1280');
    await ctx.close();
  });

  it('raises the new-mail toast live; shows hostile HTML without running it; blocks remote images until allowed', async () => {
    const { ctx, page } = await signedIn(browser, server.url, FINANCE, { locale: 'zh-CN', width: 390, height: 844 });
    let dialogs = 0;
    page.on('dialog', () => dialogs++);
    await page.goto(`${server.url}/message/email/sent`);
    await expect
      .poll(() => page.getByTestId('header-bell').getAttribute('data-live-state'), { timeout: 15_000 })
      .toBe('connected');
    // the first test moved sales01's mail to spam, which blacklisted the sender (decision 0038): undo that
    await api(server.url, await apiToken(server.url, FINANCE), 'POST', `${E}/whiteBlack/update`, {
      kind: 'white',
      value: 'sales01@portal.example',
    });
    const token = await apiToken(server.url, SALES);
    await api(server.url, token, 'POST', `${E}/email/send`, {
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      subject: 'hostile sample',
      content:
        '<p>hello</p><script>window.parent.pwned=1</script><img src="x" onerror="window.parent.pwned=2"><a href="javascript:window.parent.pwned=3">x</a><img alt="remote" src="https://tracker.example/p.gif">',
    });
    // the push of spec 4: a toast that stays, with go-to-view opening the inbox
    const toast = page.locator('.ant-notification-notice', { hasText: '新邮件提醒' });
    await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain('您有1封新邮件');
    await shot(page, 'mail-new-mail-toast-zh-390');
    await toast.getByRole('button', { name: '去查看' }).click();
    await page.waitForURL(/\/message\/email\/inbox/);
    const inbox = await shownPane(page);
    await expect
      .poll(() => inbox.locator('.ant-table-row', { hasText: 'hostile sample' }).count(), { timeout: 20_000 })
      .toBe(1);
    await shot(page, 'mail-inbox-zh-390');
    await inbox.locator('.ant-table-row', { hasText: 'hostile sample' }).getByTestId('mail-open').click();
    await page.waitForURL(/\/message\/email\/details\?id=\d+&type=inbox/);
    const body = (await shownPane(page)).frameLocator('[data-testid="mail-body"]');
    await expect.poll(() => body.locator('p').first().textContent(), { timeout: 15_000 }).toBe('hello');
    expect(await body.locator('script').count()).toBe(0);
    expect(await body.locator('[onerror]').count()).toBe(0);
    expect(await body.locator('img[alt=remote]').getAttribute('src')).toBeNull();
    await body
      .locator('a')
      .first()
      .click({ trial: true })
      .catch(() => {});
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
    await shot(page, 'mail-details-zh-390');
    await page.getByRole('button', { name: '显示图片' }).click();
    await expect.poll(() => body.locator('img[alt=remote]').getAttribute('src')).toBe('https://tracker.example/p.gif');
    await ctx.close();
  });

  it('lists every bound mailbox for administrators, without passwords', async () => {
    await settlePopups(server.url, ADMIN);
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      at: '/setModule/email/account',
    });
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: 'sales01@portal.example' }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await page.locator('.ant-table-row', { hasText: 'sales01@portal.example' }).textContent()).toContain(
      '门户内置邮件服务器',
    );
    await shot(page, 'mail-accounts-zh-1280');
    await ctx.close();
  });
});
