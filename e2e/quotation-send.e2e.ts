import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

/** The send pages of decision 0102 (OTP SMS, supplier SMS) and the special-price apply page. */
describe('quotation send pages', () => {
  let server: ShellServer;
  let browser: Browser;
  let admin: string;
  let sales: string;
  let accountId: number;

  const write = async <T>(token: string, url: string, body: unknown) => {
    const { key } = await api<{ key: string }>(server.url, token, 'GET', '/v2/sys/staff/common/request/idempotence');
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: T };
    expect(json.code, `${url}: ${JSON.stringify(json)}`).toBe(0);
    return json.data;
  };

  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN);
    await settlePopups(server.url, SALES);
    browser = await launch();
    admin = await apiToken(server.url, ADMIN);
    sales = await apiToken(server.url, SALES);
    const accounts = await api<{ id: number }[]>(server.url, sales, 'GET', '/v2/qm/account/options');
    accountId = accounts[0]!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** fills the recipients, previews (the subject shows), sends, and answers the sent quote's id */
  async function previewAndSend(page: Page, to: string, subjectHas: string, name: string) {
    await page.locator('#to').fill(to);
    await page.locator('#to').press('Enter');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => page.locator('.ant-descriptions').first().textContent(), { timeout: 30_000 })
      .toContain(subjectHas);
    await shot(page, name);
    await page.getByRole('button', { name: 'Send quote' }).click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).toContain('/offerManage/quote-email/detail?id=');
    return Number(new URL(page.url()).searchParams.get('id'));
  }

  it('sends an OTP SMS quote of a sales user’s account', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'en' });
    await page.goto(`${server.url}/offerManage/send/otp-sms?accountId=${accountId}`);
    await expect.poll(() => page.locator('.ant-card-head-title').first().textContent()).toContain('Send OTP SMS quote');
    await expect.poll(() => page.getByTestId('send-account').textContent(), { timeout: 20_000 }).not.toBe('');
    const id = await previewAndSend(page, 'buyer@customer.example', 'OTP SMS', 'quotation-send-otp-sms-1280-en');
    const sent = await api<{ category: string; bookKind: string; mailId: number; product: string }>(
      server.url,
      sales,
      'GET',
      `/v2/qm/quote-email/${id}`,
    );
    expect(sent).toMatchObject({ category: 'otp', bookKind: 'account', product: 'sms' });
    expect(sent.mailId).toBeGreaterThan(0);
    await ctx.close();
  });

  it('confirms a supplier channel’s SMS costs to its contact', async () => {
    const channels = await api<{ id: number; code: string; contacts: { email: string }[] }[]>(
      server.url,
      admin,
      'GET',
      '/v2/qm/channel/options?product=sms',
    );
    const channel = channels.find((c) => c.contacts.length) ?? channels[0]!;
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'en' });
    await page.goto(`${server.url}/offerManage/send/supplier-sms?channelId=${channel.id}`);
    await expect
      .poll(() => page.getByTestId('send-channel').textContent(), { timeout: 20_000 })
      .toContain(channel.code);
    const to = channel.contacts[0]?.email ?? 'rates@supplier.example';
    const id = await previewAndSend(page, to, channel.code, 'quotation-send-supplier-sms-1280-en');
    const sent = await api<{ bookKind: string; bookId: number; toList: { email: string }[] }>(
      server.url,
      admin,
      'GET',
      `/v2/qm/quote-email/${id}`,
    );
    expect(sent).toMatchObject({ bookKind: 'channel', bookId: channel.id, toList: [{ email: to }] });
    await ctx.close();
  });

  it('applies for a special price from the apply page and lands on the request', async () => {
    await write(admin, '/v2/qm/sms-price-limit/save', { country: 'CN', minPrice: '0.01', currency: 'USD' });
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'en' });
    await page.goto(
      `${server.url}/offerManage/quota-apply-approval/special/apply?accountId=${accountId}&product=sms&network=46002&price=0.004`,
    );
    await expect.poll(() => page.getByTestId('apply-price').inputValue(), { timeout: 20_000 }).toBe('0.004');
    await expect.poll(() => page.getByTestId('apply-account').textContent(), { timeout: 20_000 }).not.toBe('');
    await page.getByTestId('apply-reason').fill('Tender for an OTP campaign');
    await shot(page, 'quotation-special-apply-1280-en');
    await page.getByTestId('apply-submit').click();
    await expect
      .poll(() => page.url(), { timeout: 30_000 })
      .toContain('/offerManage/quota-apply-approval/special/detail?id=');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const detail = await api<{ reason: string; state: string; bookId: number }>(
      server.url,
      sales,
      'GET',
      `/v2/qm/specialReview/details/${id}`,
    );
    expect(detail).toMatchObject({ reason: 'Tender for an OTP campaign', state: 'pending', bookId: accountId });
    await ctx.close();
  });
});
