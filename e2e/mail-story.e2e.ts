import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import { shownPane } from './support/pane.js';
import { freePort } from './support/server.js';
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
const SPAMMER = 'deals@bulk-sms.example';

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
 * Issue 15's "Done when" as one story of sales01 (decision 0088): from the no-mailbox screen they bind
 * the demo mailbox, write to a customer's contact with a template and a signature; the contact's
 * reply comes in through SMTP (the built-in server's port, as any mail server hands mail over),
 * raises the new-mail toast live, lands in the inbox and on the customer's mails tab (and becomes a
 * follow-up); a timed draft goes out when the moved clock reaches its time; a blacklisted sender's
 * mail lands in spam.
 */
describe('the mail story of sales01', () => {
  let server: ShellServer;
  let browser: Browser;
  let smtpPort = 0;
  beforeAll(async () => {
    smtpPort = await freePort();
    server = await startShellServer({ APP_ENV: 'test', MAIL_LOCAL_SMTP_PORT: String(smtpPort) });
    await Promise.all([settlePopups(server.url, SALES), settlePopups(server.url, FINANCE)]);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const deliver = async (mail: { from: string; to: string; subject: string; text: string }) => {
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail(mail);
    smtp.close();
  };

  it('binds, writes to a customer, gets the reply live, sends a timed draft, files a blacklisted sender in spam', async () => {
    const base = server.url;
    const run = Date.now().toString(36);
    const token = await apiToken(base, SALES);
    // the demo seed binds sales01's mailbox: unbind it so the story starts without one
    for (const box of await api<{ id: number }[]>(base, token, 'POST', `${E}/email/sender/list`))
      await api(base, token, 'POST', `${E}/email/account/staff/del`, { id: box.id });

    const { ctx, page } = await signedIn(browser, base, SALES, { locale: 'en-US', at: '/message/email/inbox' });
    await page.waitForURL(/\/message\/email\/none/, { timeout: 20_000 });
    await shot(page, 'mail-story-none-en-1280');
    await page.getByTestId('mail-bind').click();
    await page.waitForURL(/\/message\/email\/set/);
    await page.getByTestId('bind-email').fill('sales01@portal.example');
    await page.getByText('Built-in portal mail server (demo)').click();
    await page.getByTestId('bind-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent(), { timeout: 10_000 }).toContain('Mailbox bound');
    await shot(page, 'mail-story-bound-en-1280');

    // a contact of one of sales01's customers, a template and a signature of theirs
    const [contact] = await api<{ email: string; name: string; customerId: number }[]>(
      base,
      token,
      'POST',
      `${E}/email/customer/contact`,
      { size: 10 },
    );
    expect(contact).toBeTruthy();
    await api(base, token, 'POST', `${E}/temp/save`, {
      name: `Rates ${run}`,
      subject: `Rates ${run}`,
      content: '<p>Please find our new rates for your routes.</p>',
    });
    await api(base, token, 'POST', `${E}/signature/update`, {
      name: `Sig ${run}`,
      content: `<p>Wang Wei · Sales ${run}</p>`,
      isDefault: false,
    });
    await page.goto(`${base}/message/email/write`);
    await page.getByTestId('mail-editor').waitFor({ timeout: 20_000 });
    await page.getByTestId('mail-template').click();
    await page.locator('.ant-select-item-option', { hasText: `Rates ${run}` }).click();
    await expect.poll(() => page.getByTestId('mail-subject').inputValue()).toBe(`Rates ${run}`);
    await page.getByTestId('mail-signature').click();
    await page.locator('.ant-select-item-option', { hasText: `Sig ${run}` }).click();
    await addAddress(page, 'mail-to', contact!.email);
    await shot(page, 'mail-story-write-en-1280');
    await page.getByTestId('mail-send').click();
    await page.waitForURL(/\/message\/email\/sent/, { timeout: 20_000 });
    const sent = await api<{ records: { id: number }[] }>(base, token, 'POST', `${E}/send/query`, {
      keyword: `Rates ${run}`,
    });
    expect(sent.records).toHaveLength(1);
    const written = await api<{ content: string }>(base, token, 'POST', `${E}/email/detail`, {
      id: sent.records[0]!.id,
    });
    expect(written.content).toContain('Please find our new rates for your routes.');
    expect(written.content).toContain(`Wang Wei · Sales ${run}`);

    // the contact answers through SMTP: the toast comes live, the reply is in the inbox
    await expect
      .poll(() => page.getByTestId('header-bell').getAttribute('data-live-state'), { timeout: 15_000 })
      .toBe('connected');
    await deliver({
      from: `${contact!.name} <${contact!.email}>`,
      to: 'sales01@portal.example',
      subject: `Re: Rates ${run}`,
      text: 'Thanks, we accept.',
    });
    const toast = page.locator('.ant-notification-notice', { hasText: 'New mail' });
    await expect.poll(() => toast.textContent(), { timeout: 20_000 }).toContain('1');
    await shot(page, 'mail-story-toast-en-1280');
    await toast.getByRole('button', { name: 'Go to view' }).click();
    await page.waitForURL(/\/message\/email\/inbox/);
    const reply = (await shownPane(page)).locator('.ant-table-row', { hasText: `Re: Rates ${run}` });
    await expect.poll(() => reply.count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'mail-story-inbox-en-1280');

    // the reply is recorded as a follow-up on the customer (types from select/email/follow)
    await reply.getByTestId('mail-open').click();
    await page.waitForURL(/\/message\/email\/details\?id=\d+&type=inbox/);
    await page.getByTestId('mail-follow-up').click();
    expect(await page.getByTestId('history-follow-up-type').textContent()).toContain('E-mail');
    expect(await page.locator('[data-testid="history-follow-up"] textarea').inputValue()).toBe(
      `Mail: Re: Rates ${run}`,
    );
    await page.getByTestId('history-follow-up-save').click();
    await page.getByTestId('history-follow-up').waitFor({ state: 'detached' });
    const history = await api<{ records: { kind: string; body: string | null; data: { type?: string } | null }[] }>(
      base,
      token,
      'GET',
      `/v2/crm/customer/timeline?id=${contact!.customerId}`,
    );
    expect(history.records.find((e) => e.kind === 'follow_up' && e.body === `Mail: Re: Rates ${run}`)).toMatchObject({
      data: { type: 'mail' },
    });

    // both mails are on the customer's mails tab
    await page.goto(`${base}/crm/customer/detail?id=${contact!.customerId}`);
    await page.locator('.ant-tabs-tab').filter({ hasText: 'Mails' }).first().click();
    const tab = page.getByTestId('record-mails');
    await expect
      .poll(() => tab.locator('.ant-table-row').allTextContents(), { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([expect.stringContaining(`Re: Rates ${run}`), expect.stringContaining(`Rates ${run}`)]),
      );
    expect(await tab.locator('th').allTextContents()).toEqual(expect.arrayContaining(['Subject']));
    await shot(page, 'mail-story-customer-en-1280');
    const dealings = await api<{ total: number }>(base, token, 'POST', `${E}/dealings/query`, {
      page: 1,
      size: 20,
      counterpartKind: 'customer',
      counterpartId: contact!.customerId,
      keyword: run,
    });
    expect(dealings.total).toBe(2);

    // a blacklisted sender: their mail lands in spam, never in the inbox
    await page.goto(`${base}/message/email/set`);
    await page.getByRole('tab', { name: 'White / blacklist' }).click();
    await page.getByTestId('rule-value').fill(SPAMMER);
    await page.getByTestId('rule-add').click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: SPAMMER }).count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'mail-story-blacklist-en-1280');
    await deliver({ from: SPAMMER, to: 'sales01@portal.example', subject: `Cheap routes ${run}`, text: 'Buy now.' });
    await page.goto(`${base}/message/email/spam`);
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: `Cheap routes ${run}` }).count(), { timeout: 20_000 })
      .toBe(1);
    await shot(page, 'mail-story-spam-en-1280');
    expect(
      (await api<{ total: number }>(base, token, 'POST', `${E}/receive/query`, { keyword: `Cheap routes ${run}` }))
        .total,
    ).toBe(0);

    // a timed draft, a day ahead on the minute, written in the browser
    const timed = `Timed rates ${run}`;
    await page.goto(`${base}/message/email/write`);
    await page.getByTestId('mail-editor').waitFor({ timeout: 20_000 });
    await addAddress(page, 'mail-to', 'finance01@portal.example');
    await page.getByTestId('mail-subject').fill(timed);
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
    const draftRow = (await shownPane(page)).locator('.ant-table-row', { hasText: timed });
    await expect.poll(() => draftRow.getByTestId('mail-timed').count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'mail-story-timed-en-1280');
    await ctx.close();
    const [draft] = (
      await api<{ records: { sendAt: string }[] }>(base, token, 'POST', `${E}/draft/query`, { keyword: timed })
    ).records;
    expect(new Date(draft!.sendAt).getTime()).toBe(at.getTime());

    // the clock moved to ten minutes before its time: the job runs and leaves it a draft
    let admin = await apiToken(base, ADMIN);
    let finance = await apiToken(base, FINANCE);
    /** moves the clock and runs the timed-send job; signs in again (a session may expire on the moved clock) */
    const move = async (ms: number) => {
      expect((await keyedPost(base, admin, CLOCK, { ms, jobs: ['mail.timed'] })).code).toBe(0);
      admin = await apiToken(base, ADMIN);
      finance = await apiToken(base, FINANCE);
    };
    const received = async () =>
      (await api<{ total: number }>(base, finance, 'POST', `${E}/receive/query`, { keyword: timed })).total;
    const timedRuns = async () =>
      (
        await api<{ total: number }>(
          base,
          admin,
          'GET',
          '/v2/sys/staff/jobs?name=mail.timed&state=completed&page=1&size=1',
        )
      ).total;
    const runs = await timedRuns();
    await move(at.getTime() - 10 * 60_000 - Date.now());
    await expect.poll(timedRuns, { timeout: 30_000 }).toBeGreaterThan(runs);
    expect(await received()).toBe(0);
    // fifteen minutes on, past its time: the job sends it, once, at its time (within the step)
    await move(15 * 60_000);
    await expect.poll(received, { timeout: 30_000 }).toBe(1);
    const sales = await apiToken(base, SALES);
    expect((await api<{ total: number }>(base, sales, 'POST', `${E}/draft/query`, { keyword: timed })).total).toBe(0);
    const [out] = (
      await api<{ records: { receiveTime: string }[] }>(base, sales, 'POST', `${E}/send/query`, { keyword: timed })
    ).records;
    const sentAt = new Date(out!.receiveTime).getTime();
    expect(sentAt).toBeGreaterThanOrEqual(at.getTime());
    expect(sentAt - at.getTime()).toBeLessThan(10 * 60_000);

    // the same screens in Chinese, and the inbox on a phone
    await settlePopups(base, SALES);
    const zh = await signedIn(browser, base, SALES, { locale: 'zh-CN', at: '/message/email/sent' });
    await expect.poll(() => zh.page.locator('.ant-table-row', { hasText: timed }).count(), { timeout: 15_000 }).toBe(1);
    await shot(zh.page, 'mail-story-sent-zh-1280');
    await zh.page.goto(`${base}/message/email/inbox`);
    await expect
      .poll(() => zh.page.locator('.ant-table-row', { hasText: `Re: Rates ${run}` }).count(), { timeout: 15_000 })
      .toBe(1);
    await shot(zh.page, 'mail-story-inbox-zh-1280');
    await zh.page.goto(`${base}/message/email/spam`);
    await expect
      .poll(() => zh.page.locator('.ant-table-row', { hasText: `Cheap routes ${run}` }).count(), { timeout: 15_000 })
      .toBe(1);
    await shot(zh.page, 'mail-story-spam-zh-1280');
    await zh.page.goto(`${base}/crm/customer/detail?id=${contact!.customerId}`);
    await zh.page
      .locator('.ant-tabs-tab')
      .filter({ hasText: /^邮件$/ })
      .first()
      .click();
    await expect
      .poll(() => zh.page.getByTestId('record-mails').locator('.ant-table-row').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    await shot(zh.page, 'mail-story-customer-zh-1280');
    await zh.ctx.close();
    const phone = await signedIn(browser, base, SALES, {
      locale: 'zh-CN',
      width: 390,
      height: 844,
      at: '/message/email/inbox',
    });
    await expect
      .poll(() => phone.page.locator('.ant-table-row', { hasText: `Re: Rates ${run}` }).count(), { timeout: 15_000 })
      .toBe(1);
    await shot(phone.page, 'mail-story-inbox-zh-390');
    await phone.ctx.close();
  }, 300_000);
});
