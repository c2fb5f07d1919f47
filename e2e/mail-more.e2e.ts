import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot, views } from './support/browser.js';
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
  submitModal,
} from './support/shell.js';

const E = '/v2/emailbox';

describe('mail client, more: address book, timed drafts, logs, correspondence, spam words', () => {
  let server: ShellServer;
  let browser: Browser;
  let salesToken: string;
  beforeAll(async () => {
    server = await startShellServer();
    await Promise.all([settlePopups(server.url, SALES), settlePopups(server.url, FINANCE)]);
    salesToken = await apiToken(server.url, SALES);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds an address book contact; the edit dialog starts from each opening’s own values', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'zh-CN', at: '/message/email/adb' });
    await page.getByTestId('adb-add').click();
    await page.getByTestId('adb-email').fill('lena.fischer@nordtel.example');
    await submitModal(page);
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: 'lena.fischer@nordtel.example' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await shot(page, 'mail-adb-zh-1280');
    // the one edit dialog starts from each opening's own values: the row's, then empty for a new one
    await page.locator('.ant-table-row', { hasText: 'lena.fischer@nordtel.example' }).getByTestId('adb-edit').click();
    expect(await page.getByTestId('adb-email').inputValue()).toBe('lena.fischer@nordtel.example');
    await page.locator('.ant-modal-footer .ant-btn-default').click();
    await page.getByTestId('adb-email').waitFor({ state: 'detached' });
    await page.getByTestId('adb-add').click();
    expect(await page.getByTestId('adb-email').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await ctx.close();
  });

  it('shows a timed draft with its time in drafts; cancelling keeps it a draft', async () => {
    const sendAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const subject = `Timed ${Date.now().toString(36)}`;
    await api(server.url, salesToken, 'POST', `${E}/draft/timing/save`, {
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      subject,
      sendAt,
    });
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'en-US',
      width: 900,
      height: 800,
      at: '/message/email/drafts',
    });
    const row = page.locator('.ant-table-row', { hasText: subject });
    await expect.poll(() => row.getByTestId('mail-timed').count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'mail-drafts-timed-en-900');
    await row.getByTestId('mail-timed-cancel').click();
    await expect.poll(() => row.getByTestId('mail-timed').count(), { timeout: 15_000 }).toBe(0);
    expect(await row.count()).toBe(1);
    await ctx.close();
  });

  it('lists the mail log and the correspondence screen at every width', async () => {
    // a mail of sales01's for the log to list
    await api(server.url, salesToken, 'POST', `${E}/email/send`, {
      receiverEmailList: [{ email: 'finance01@portal.example' }],
      subject: `Log entry ${Date.now().toString(36)}`,
    });
    for (const [locale, width] of views([
      ['zh-CN', 1280],
      ['en-US', 900],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(browser, server.url, SALES, {
        locale,
        width,
        height: 844,
        at: '/message/email/logs',
      });
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `mail-logs-${locale}-${width}`);
      await page.goto(`${server.url}/message/email/vce`);
      await page.getByTestId('vce-groups').waitFor({ timeout: 20_000 });
      await shot(page, `mail-vce-${locale}-${width}`);
      await ctx.close();
    }
  });

  it('an administrator saves a spam word in the inbox settings; a mail with it lands in spam', async () => {
    const base = server.url;
    const word = `promo${Date.now().toString(36)}`;
    await settlePopups(base, ADMIN);
    const { ctx, page } = await signedIn(browser, base, ADMIN, { locale: 'en-US', at: '/setModule/email/inbox' });
    const words = page.getByTestId('mail-spam-words').locator('input');
    await words.waitFor({ timeout: 20_000 });
    await words.fill(word);
    await words.press('Enter');
    await page.getByTestId('mail-inbox-save').click();
    const admin = await apiToken(base, ADMIN);
    await expect
      .poll(async () => (await api<{ spamWords: string[] }>(base, admin, 'GET', `${E}/setting/inbox`)).spamWords, {
        timeout: 15_000,
      })
      .toContain(word);
    await shot(page, 'mail-inbox-settings-en-1280');
    await ctx.close();

    const finance = await apiToken(base, FINANCE);
    const subject = `Big ${word.toUpperCase()} offer`;
    await api(base, finance, 'POST', `${E}/email/send`, {
      receiverEmailList: [{ email: 'sales01@portal.example' }],
      subject,
    });
    const sales = await apiToken(base, SALES);
    const spam = await api<{ total: number }>(base, sales, 'POST', `${E}/junk/query`, { keyword: subject });
    expect(spam.total).toBe(1);
    const inbox = await api<{ total: number }>(base, sales, 'POST', `${E}/receive/query`, { keyword: subject });
    expect(inbox.total).toBe(0);

    const narrow = await signedIn(browser, base, SALES, {
      locale: 'en-US',
      width: 390,
      height: 844,
      at: '/message/email/spam',
    });
    await expect
      .poll(() => narrow.page.locator('.ant-table-row', { hasText: subject }).count(), { timeout: 15_000 })
      .toBe(1);
    await shot(narrow.page, 'mail-spam-word-en-390');
    await narrow.ctx.close();
  });
});
