import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  FINANCE,
  keyedPost,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const E = '/v2/emailbox';
const DAY = 86_400_000;
const CLOCK = '/v2/test/clock/advance';

async function addAddress(page: Page, testId: string, address: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.fill(address);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A DatePicker's text for a time, in the browser's (and this process's) zone. */
const pickerText = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * Decision 0062: a timed draft written in the browser goes out when the moved test clock reaches its
 * time (the `mail.timed` job on the app clock); the inbox settings' spam words file mail in spam.
 */
describe('mail on a moved clock: timed drafts; inbox settings', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer({ APP_ENV: 'test' });
    await Promise.all([settlePopups(server.url, SALES), settlePopups(server.url, FINANCE)]);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a timed draft once the moved clock passes its time', async () => {
    const base = server.url;
    const subject = `Timed rates ${Date.now().toString(36)}`;
    const { ctx, page } = await signedIn(browser, base, SALES, { locale: 'en-US' });
    await page.goto(`${base}/message/email/write`);
    await page.getByTestId('mail-editor').waitFor({ timeout: 20_000 });
    await addAddress(page, 'mail-to', 'finance01@portal.example');
    await page.getByTestId('mail-subject').fill(subject);
    // a day ahead, on the minute
    const at = new Date(Date.now() + DAY);
    at.setSeconds(0, 0);
    // (antd puts the test id on the picker's input itself)
    const picker = page.locator('input[data-testid="mail-send-at"], [data-testid="mail-send-at"] input').first();
    await picker.click();
    await picker.fill(pickerText(at));
    await picker.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('mail-send-timed').click();
    await page.waitForURL(/\/message\/email\/drafts/, { timeout: 20_000 });
    const row = page.locator('.ant-table-row', { hasText: subject });
    await expect.poll(() => row.getByTestId('mail-timed').count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'mail-timed-draft-en-1280');
    await ctx.close();

    const sales = await apiToken(base, SALES);
    const [draft] = (
      await api<{ records: { id: number; sendAt: string }[] }>(base, sales, 'POST', `${E}/draft/query`, {
        keyword: subject,
      })
    ).records;
    expect(new Date(draft!.sendAt).getTime()).toBe(at.getTime());

    const admin = await apiToken(base, ADMIN);
    const received = async (token: string) =>
      (await api<{ total: number }>(base, token, 'POST', `${E}/receive/query`, { keyword: subject })).total;
    // a day and a half later the job sends it, once
    expect((await keyedPost(base, admin, CLOCK, { ms: 1.5 * DAY, jobs: ['mail.timed'] })).code).toBe(0);
    const finance2 = await apiToken(base, FINANCE);
    await expect.poll(() => received(finance2), { timeout: 30_000 }).toBe(1);
    const sales2 = await apiToken(base, SALES);
    const drafts = await api<{ total: number }>(base, sales2, 'POST', `${E}/draft/query`, { keyword: subject });
    expect(drafts.total).toBe(0);

    const again = await signedIn(browser, base, SALES, { locale: 'zh-CN' });
    await again.page.goto(`${base}/message/email/sent`);
    await expect
      .poll(() => again.page.locator('.ant-table-row', { hasText: subject }).count(), { timeout: 15_000 })
      .toBe(1);
    await shot(again.page, 'mail-timed-sent-zh-1280');
    await again.ctx.close();
  });

  it('an administrator saves a spam word in the inbox settings; a mail with it lands in spam', async () => {
    const base = server.url;
    const word = `promo${Date.now().toString(36)}`;
    // the moved clock may have brought version notes due: they would open over the settings
    await settlePopups(base, ADMIN);
    const { ctx, page } = await signedIn(browser, base, ADMIN, { locale: 'en-US' });
    await page.goto(`${base}/setModule/email/inbox`);
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

    const narrow = await signedIn(browser, base, SALES, { locale: 'en-US', width: 390, height: 844 });
    await narrow.page.goto(`${base}/message/email/spam`);
    await expect
      .poll(() => narrow.page.locator('.ant-table-row', { hasText: subject }).count(), { timeout: 15_000 })
      .toBe(1);
    await shot(narrow.page, 'mail-spam-word-en-390');
    await narrow.ctx.close();
  });
});
