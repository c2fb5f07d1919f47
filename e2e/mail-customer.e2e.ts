import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import { api, apiToken, SALES, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';

const E = '/v2/emailbox';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * Issue 15's "Done when" with a customer: sales01 writes to a contact of their customer, the
 * customer's reply comes in through SMTP (the built-in server's port, as any mail server would hand
 * it over), raises the new-mail toast live, lands in the inbox and on the customer's mails tab.
 */
describe('mail with a customer in the browser', () => {
  let server: ShellServer;
  let browser: Browser;
  let smtpPort = 0;
  beforeAll(async () => {
    smtpPort = await freePort();
    server = await startShellServer({ MAIL_LOCAL_SMTP_PORT: String(smtpPort) });
    await settlePopups(server.url, SALES);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the customer's reply raises the toast, lands in the inbox and on the customer's mails tab", async () => {
    const token = await apiToken(server.url, SALES);
    const page1 = await api<{ records: { id: number; name: string; emailDomains: string[] }[] }>(
      server.url,
      token,
      'POST',
      '/v2/crm/customer/page',
      { page: 1, size: 50 },
    );
    const customer = page1.records.find((c) => c.emailDomains.length > 0)!;
    expect(customer).toBeTruthy();
    const buyer = `buyer@${customer.emailDomains[0]}`;
    const run = Date.now().toString(36);

    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'en' });
    await page.goto(`${server.url}/message/email/write`);
    await page.getByTestId('mail-editor').waitFor({ timeout: 20_000 });
    const to = page.getByTestId('mail-to').locator('input');
    await to.fill(buyer);
    await to.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('mail-subject').fill(`Rates ${run}`);
    await page.getByTestId('mail-editor').click();
    await page.keyboard.type('Our new rates for your routes.');
    await page.getByTestId('mail-send').click();
    await page.waitForURL(/\/message\/email\/sent/, { timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('header-bell').getAttribute('data-live-state'), { timeout: 15_000 })
      .toBe('connected');

    // the customer answers through SMTP
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({
      from: `Buyer <${buyer}>`,
      to: 'sales01@portal.example',
      subject: `Re: Rates ${run}`,
      text: 'Thanks, we accept.',
    });
    smtp.close();

    const toast = page.locator('.ant-notification-notice').filter({ hasText: /1/ }).first();
    await expect.poll(() => toast.count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'mail-customer-toast-en-1280');
    await page.goto(`${server.url}/message/email/inbox`);
    await expect
      .poll(() => page.locator('.ant-table-row', { hasText: `Re: Rates ${run}` }).count(), { timeout: 20_000 })
      .toBe(1);

    // the reply is recorded as a follow-up on the customer (types from select/email/follow)
    await page
      .locator('.ant-table-row', { hasText: `Re: Rates ${run}` })
      .getByTestId('mail-open')
      .click();
    await page.waitForURL(/\/message\/email\/details\?id=\d+&type=inbox/);
    await page.getByTestId('mail-follow-up').click();
    // a mail is an "E-mail" follow-up unless changed
    expect(await page.getByTestId('history-follow-up-type').textContent()).toContain('E-mail');
    expect(await page.locator('[data-testid="history-follow-up"] textarea').inputValue()).toBe(
      `Mail: Re: Rates ${run}`,
    );
    await shot(page, 'mail-follow-up-en-1280');
    await page.getByTestId('history-follow-up-save').click();
    await page.getByTestId('history-follow-up').waitFor({ state: 'detached' });
    const history = await api<{ records: { kind: string; body: string | null; data: { type?: string } | null }[] }>(
      server.url,
      token,
      'GET',
      `/v2/crm/customer/timeline?id=${customer.id}`,
    );
    expect(history.records.find((e) => e.kind === 'follow_up')).toMatchObject({
      body: `Mail: Re: Rates ${run}`,
      data: { type: 'mail' },
    });

    await page.goto(`${server.url}/crm/customer/detail?id=${customer.id}`);
    await page.locator('.ant-tabs-tab').filter({ hasText: 'Mails' }).first().click();
    const tab = page.getByTestId('record-mails');
    await expect
      .poll(() => tab.locator('.ant-table-row').allTextContents(), { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([expect.stringContaining(`Re: Rates ${run}`), expect.stringContaining(`Rates ${run}`)]),
      );
    // the mail module's texts come with the tab (no raw keys)
    expect(await tab.locator('th').allTextContents()).toEqual(expect.arrayContaining(['Subject']));
    await shot(page, 'mail-customer-tab-en-1280');
    const mails = await api<{ total: number }>(server.url, token, 'POST', `${E}/dealings/query`, {
      page: 1,
      size: 20,
      counterpartKind: 'customer',
      counterpartId: customer.id,
      keyword: run,
    });
    expect(mails.total).toBe(2);
    await ctx.close();
  });
});
