import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  keyedWrite,
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

  const write = <T>(token: string, url: string, body: unknown) => keyedWrite<T>(server.url, token, url, body);

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

  it('makes a quote group from the group send page and lands back on it with the group picked', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'en' });
    await page.goto(`${server.url}/offerManage/send/group`);
    await page.getByTestId('send-add-group').click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('/offerManage/send/add-group');
    const form = page.getByTestId('resource-create-page');
    await form.getByLabel('Group name', { exact: true }).fill('E2E send group');
    await form.getByLabel('Currency', { exact: true }).fill('EUR');
    await shot(page, 'quotation-send-add-group-1280-en');
    await page.getByTestId('create-page-save').click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).toContain('/offerManage/send/group?groupId=');
    const groupId = Number(new URL(page.url()).searchParams.get('groupId'));
    const group = await api<{ name: string; currency: string }>(
      server.url,
      admin,
      'POST',
      '/v2/qm/quote-group/detail',
      { id: groupId },
    );
    expect(group).toMatchObject({ name: 'E2E send group', currency: 'EUR' });
    await expect
      .poll(() => page.getByTestId('send-group').textContent(), { timeout: 20_000 })
      .toContain('E2E send group');
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
