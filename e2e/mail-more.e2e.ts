import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import {
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

async function addAddress(page: Page, testId: string, address: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.fill(address);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

describe('mail client, more: address book, templates, lists, timed sends, logs, correspondence', () => {
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

  it('adds an address book contact and writes from a template', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'zh-CN' });
    await page.goto(`${server.url}/message/email/adb`);
    await page.getByTestId('adb-add').click();
    await page.getByTestId('adb-email').fill('lena.fischer@nordtel.example');
    await page.locator('.ant-modal .ant-btn-primary').click();
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

    const subject = `印尼 OTP 报价 ${Date.now().toString(36)}`;
    await api(server.url, salesToken, 'POST', `${E}/temp/save`, {
      name: '报价模板',
      subject,
      content: '<p>您好，附上最新报价。</p>',
    });
    await page.goto(`${server.url}/message/email/write`);
    await page.getByTestId('mail-editor').waitFor({ timeout: 20_000 });
    await page.getByTestId('mail-template').click();
    await page.locator('.ant-select-item-option', { hasText: '报价模板' }).click();
    await expect.poll(() => page.getByTestId('mail-subject').inputValue()).toBe(subject);
    await addAddress(page, 'mail-to', 'finance01@portal.example');
    await shot(page, 'mail-write-template-zh-1280');
    await page.getByTestId('mail-send').click();
    await page.waitForURL(/\/message\/email\/sent/, { timeout: 20_000 });
    await expect
      .poll(() => page.locator('.ant-table-row').first().textContent(), { timeout: 15_000 })
      .toContain(subject);
    await ctx.close();
  });

  it('writes with a template and a chosen signature: the sent mail carries both', async () => {
    const stamp = Date.now().toString(36);
    await api(server.url, salesToken, 'POST', `${E}/temp/save`, {
      name: `Rates ${stamp}`,
      subject: `Rates ${stamp}`,
      content: '<p>Please find our new rates.</p>',
    });
    await api(server.url, salesToken, 'POST', `${E}/signature/update`, {
      name: `Sig ${stamp}`,
      content: `<p>Wang Wei · Sales ${stamp}</p>`,
      isDefault: false,
    });
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'en-US' });
    await page.goto(`${server.url}/message/email/write`);
    await page.getByTestId('mail-editor').waitFor({ timeout: 20_000 });
    await page.getByTestId('mail-template').click();
    await page.locator('.ant-select-item-option', { hasText: `Rates ${stamp}` }).click();
    await expect.poll(() => page.getByTestId('mail-subject').inputValue()).toBe(`Rates ${stamp}`);
    await page.getByTestId('mail-signature').click();
    await page.locator('.ant-select-item-option', { hasText: `Sig ${stamp}` }).click();
    await addAddress(page, 'mail-to', 'finance01@portal.example');
    await shot(page, 'mail-write-signature-en-1280');
    await page.getByTestId('mail-send').click();
    await page.waitForURL(/\/message\/email\/sent/, { timeout: 20_000 });
    const sent = await api<{ records: { id: number; subject: string }[] }>(
      server.url,
      salesToken,
      'POST',
      `${E}/send/query`,
      { keyword: `Rates ${stamp}` },
    );
    expect(sent.records).toHaveLength(1);
    const detail = await api<{ content: string }>(server.url, salesToken, 'POST', `${E}/email/detail`, {
      id: sent.records[0]!.id,
    });
    expect(detail.content).toContain('Please find our new rates.');
    expect(detail.content).toContain(`Wang Wei · Sales ${stamp}`);
    await ctx.close();
  });

  it('blacklists a sender in the settings: their next mail lands in spam', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'en-US' });
    await page.goto(`${server.url}/message/email/set`);
    await page.getByRole('tab', { name: 'White / blacklist' }).click();
    await page.getByTestId('rule-value').fill('finance01@portal.example');
    await page.getByTestId('rule-add').click();
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: 'finance01@portal.example' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await shot(page, 'mail-rules-en-1280');
    const subject = `Blacklisted ${Date.now().toString(36)}`;
    const financeToken = await apiToken(server.url, FINANCE);
    await api(server.url, financeToken, 'POST', `${E}/email/send`, {
      receiverEmailList: [{ email: 'sales01@portal.example' }],
      subject,
    });
    await page.goto(`${server.url}/message/email/spam`);
    await expect.poll(() => page.locator('.ant-table-row', { hasText: subject }).count(), { timeout: 20_000 }).toBe(1);
    await page.goto(`${server.url}/message/email/inbox`);
    await page.locator('.ant-table').waitFor();
    expect(await page.locator('.ant-table-row', { hasText: subject }).count()).toBe(0);
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
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'en-US', width: 900, height: 800 });
    await page.goto(`${server.url}/message/email/drafts`);
    const row = page.locator('.ant-table-row', { hasText: subject });
    await expect.poll(() => row.getByTestId('mail-timed').count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'mail-drafts-timed-en-900');
    await row.getByTestId('mail-timed-cancel').click();
    await expect.poll(() => row.getByTestId('mail-timed').count(), { timeout: 15_000 }).toBe(0);
    expect(await row.count()).toBe(1);
    await ctx.close();
  });

  it('lists the mail log and the correspondence screen at every width', async () => {
    for (const [locale, width] of [
      ['zh-CN', 1280],
      ['en-US', 900],
      ['zh-CN', 390],
    ] as const) {
      const { ctx, page } = await signedIn(browser, server.url, SALES, { locale, width, height: 844 });
      await page.goto(`${server.url}/message/email/logs`);
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await shot(page, `mail-logs-${locale}-${width}`);
      await page.goto(`${server.url}/message/email/vce`);
      await page.getByTestId('vce-groups').waitFor({ timeout: 20_000 });
      await shot(page, `mail-vce-${locale}-${width}`);
      await ctx.close();
    }
  });
});
