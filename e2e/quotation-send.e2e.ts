import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  keyedWrite,
  pickRecord,
  SALES,
  type ShellServer,
  signedIn,
  useShellServer,
} from './support/shell.js';

/**
 * The send pages of decision 0102 (OTP SMS, supplier SMS), the special-price apply page, the quote
 * from an uploaded price list and the price category picker (decision 0108).
 */
describe('quotation send pages', () => {
  let server: ShellServer;
  let browser: Browser;
  let admin: string;
  let sales: string;
  let accountId: number;

  const write = <T>(token: string, url: string, body: unknown) => keyedWrite<T>(server.url, token, url, body);
  const shell = useShellServer({ settle: [ADMIN, SALES] });

  beforeAll(async () => {
    ({ server, browser } = shell);
    admin = await apiToken(server.url, ADMIN);
    sales = await apiToken(server.url, SALES);
    const accounts = await api<{ id: number }[]>(server.url, sales, 'GET', '/v2/qm/account/options');
    accountId = accounts[0]!.id;
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
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'en',
      at: `/offerManage/send/otp-sms?accountId=${accountId}`,
    });
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
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: `/offerManage/send/supplier-sms?channelId=${channel.id}`,
    });
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
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'en', at: '/offerManage/send/group' });
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
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'en',
      at: `/offerManage/quota-apply-approval/special/apply?accountId=${accountId}&product=sms&network=46002&price=0.004`,
    });
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

  it('sends a quote from an uploaded price list: the file read, good and bad rows, preview, send', async () => {
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const csv = [
      'MCC,MNC,Country,Network,Price,Currency,Effective date',
      `460,00,CN,China Mobile,0.0123,USD,${day}`,
      `460,01,CN,China Unicom,0.0134,USD,${day}`,
      `123,45,XX,Nowhere,0.01,USD,${day}`,
    ].join('\n');
    const { ctx, page } = await signedIn(browser, server.url, SALES, {
      locale: 'en',
      at: `/offerManage/send/upload-file?accountId=${accountId}`,
    });
    await expect
      .poll(() => page.locator('.ant-card-head-title').first().textContent())
      .toContain('Send quote from a price list file');
    await expect.poll(() => page.getByTestId('send-account').textContent(), { timeout: 20_000 }).not.toBe('');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const counts = page.getByTestId('send-upload-counts');
    await expect.poll(() => counts.textContent(), { timeout: 20_000 }).toContain('2 rows to quote');
    expect(await counts.textContent()).toContain('1 bad rows');
    await shot(page, 'quotation-send-upload-1280-en');
    await page.getByRole('tab', { name: /Bad rows/ }).click();
    await expect
      .poll(() => page.getByTestId('send-upload-errors').textContent())
      .toContain('There is no network 12345');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'quotation-send-upload-390-en');
    await page.setViewportSize({ width: 1280, height: 800 });
    // the uploaded rows quoted as OTP prices (decision 0113): SMS offers standard and OTP only
    const cats = page.getByTestId('send-upload-category');
    expect(await cats.textContent()).toBe('StandardOTP');
    await cats.getByText('OTP', { exact: true }).click();
    const id = await previewAndSend(page, 'buyer@customer.example', 'SMS', 'quotation-send-upload-preview-1280-en');
    const sent = await api<{
      bookKind: string;
      bookId: number;
      category: string;
      rows: { dest: string; unitPrice: string; category: string }[];
    }>(server.url, sales, 'GET', `/v2/qm/quote-email/${id}`);
    expect(sent).toMatchObject({ bookKind: 'account', bookId: accountId, category: 'otp' });
    expect(sent.rows.every((r) => r.category === 'otp')).toBe(true);
    expect(sent.rows.map((r) => [r.dest, r.unitPrice]).sort()).toEqual([
      ['46000', '0.012300'],
      ['46001', '0.013400'],
    ]);
    await ctx.close();

    const zh = await signedIn(browser, server.url, SALES, {
      locale: 'zh-CN',
      at: `/offerManage/send/upload-file?accountId=${accountId}`,
    });
    await zh.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect
      .poll(() => zh.page.getByTestId('send-upload-counts').textContent(), { timeout: 20_000 })
      .toContain('2 行可报价');
    await shot(zh.page, 'quotation-send-upload-1280-zh');
    await zh.page.setViewportSize({ width: 390, height: 844 });
    await shot(zh.page, 'quotation-send-upload-390-zh');
    await zh.ctx.close();
  }, 120_000);

  it('enters an OTP price with the category picker and finds it by the category filter', async () => {
    const groups = await api<{ records: { id: number; name: string }[] }>(
      server.url,
      admin,
      'POST',
      '/v2/qm/quote-group/page',
      { size: 50 },
    );
    const group = groups.records[0]!;
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/offerManage/customer-quote/sms',
    });
    await page.getByRole('button', { name: 'Add price' }).click();
    const modal = page.locator('.ant-modal');
    await pickRecord(page, modal.getByTestId('qm-price-book'), group.name);
    await modal.locator('#network').fill('46000');
    await modal.getByTestId('qm-price-category').getByText('OTP', { exact: true }).click();
    await modal.locator('#unitPrice').fill('0.7771');
    await shot(page, 'quotation-price-category-form-1280-en');
    await modal.getByTestId('qm-price-save').click();
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);
    const saved = await api<{ records: { category: string; unitPrice: string }[] }>(
      server.url,
      admin,
      'POST',
      '/v2/qm/price/page',
      { bookKind: 'group', bookId: group.id, product: 'sms', dest: '46000', category: 'otp' },
    );
    expect(saved.records.map((r) => r.unitPrice)).toContain('0.777100');
    // the list: the OTP rows of the group, each with its category
    await pickRecord(page, page.getByTestId('qm-filter-book').filter({ visible: true }), group.name);
    await page.getByTestId('qm-filter-category').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'OTP' }).click();
    await page.getByTestId('pane-/offerManage/customer-quote/sms').getByRole('button', { name: 'Search' }).click();
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.filter({ hasText: '0.777100' }).count(), { timeout: 20_000 }).toBe(1);
    const n = await rows.count();
    expect(await rows.filter({ hasText: 'OTP' }).count()).toBe(n);
    await shot(page, 'quotation-price-category-list-1280-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'quotation-price-category-list-390-en');
    await ctx.close();

    const zh = await signedIn(browser, server.url, ADMIN, { locale: 'zh-CN', at: '/offerManage/customer-quote/voice' });
    await expect.poll(() => zh.page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(zh.page, 'quotation-price-category-voice-1280-zh');
    await zh.page.getByRole('button', { name: '新增价格' }).click();
    await expect.poll(() => zh.page.getByTestId('qm-price-category').textContent()).toBe('标准OTPAI 语音');
    await zh.page.setViewportSize({ width: 390, height: 844 });
    await shot(zh.page, 'quotation-price-category-form-390-zh');
    await zh.ctx.close();
  }, 120_000);
});
