import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  keyedPost,
  pickRecord,
  SALES,
  type ShellServer,
  signedIn,
  useShellServer,
} from './support/shell.js';

const SALES_MGR = { username: 'salesmgr', password: 'Sales#2026' };

interface Row {
  id: number;
  bookId: number;
  bookName: string | null;
  dest: string;
  destKind: string;
  country: string | null;
  unitPrice: string;
  currency: string;
  effectiveUntil: string | null;
}

/** agents-quote (decision 0113): the partner prices of agents' accounts, a new price, history, the limit. */
describe('agent quotes', () => {
  let server: ShellServer;
  let browser: Browser;
  let admin: string;
  const shell = useShellServer({ settle: [ADMIN, SALES, SALES_MGR] });

  beforeAll(async () => {
    ({ server, browser } = shell);
    admin = await apiToken(server.url, ADMIN);
  });

  const agentRows = (token: string, body: object = {}) =>
    api<{ total: number; records: Row[] }>(server.url, token, 'POST', '/v2/qm/price/page', {
      bookKind: 'account',
      product: 'sms',
      agent: true,
      size: 200,
      ...body,
    });
  const waitRows = (page: Page) =>
    expect
      .poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

  it('edits an agent’s partner price, shows the row’s history, and a price below the limit starts a special-price request', async () => {
    // the demo's agents owned by sales01, else by the sales manager's department
    let user = SALES;
    let token = await apiToken(server.url, SALES);
    let rows = await agentRows(token);
    if (!rows.records.some((r) => r.destKind === 'network' && r.effectiveUntil === null)) {
      user = SALES_MGR;
      token = await apiToken(server.url, SALES_MGR);
      rows = await agentRows(token);
    }
    const row = rows.records.find((r) => r.destKind === 'network' && r.effectiveUntil === null && r.country)!;
    expect(row, 'the demo has partner prices of agents').toBeDefined();
    // every row listed is an agent's: the whole list is the agents' accounts (the server's filter)
    const { ctx, page } = await signedIn(browser, server.url, user, { locale: 'en', at: '/offerManage/agents-quote' });
    await expect
      .poll(() => page.locator('.ant-alert').first().textContent(), { timeout: 20_000 })
      .toContain('Partner prices');
    await waitRows(page);
    await shot(page, 'quotation-agents-1280-en');
    // one agent's row history: filter by its account and destination
    // the rows name their account ("code · customer"): picked by its code
    const code = row.bookName!.split(' · ')[0]!;
    await pickRecord(page, page.getByTestId('qm-filter-book').filter({ visible: true }), code);
    await page.locator('#dest').fill(row.dest);
    await page.getByTestId('pane-/offerManage/agents-quote').locator('button[type=submit]').first().click();
    await expect
      .poll(async () => (await page.locator('.ant-table-tbody tr.ant-table-row').allTextContents()).join('|'), {
        timeout: 20_000,
      })
      .toContain(row.unitPrice);
    const before = (await agentRows(token, { bookId: row.bookId, dest: row.dest })).total;
    // a new price of the row, from now: saved, the history grows by one
    const raised = (Number(row.unitPrice) + 0.5).toFixed(6);
    await page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: row.unitPrice })
      .first()
      .getByTestId('qm-agent-edit')
      .click();
    const modal = page.locator('.ant-modal');
    await expect.poll(() => modal.getByTestId('qm-price-book').textContent()).toContain(code);
    expect(await modal.locator('#network').inputValue()).toBe(row.dest);
    await modal.locator('#unitPrice').fill(raised);
    await shot(page, 'quotation-agents-edit-1280-en');
    await page.getByTestId('qm-price-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent(), { timeout: 20_000 }).toContain('Price saved');
    await expect
      .poll(async () => (await agentRows(token, { bookId: row.bookId, dest: row.dest })).total, { timeout: 20_000 })
      .toBe(before + 1);
    await page.getByTestId('qm-agent-history').first().click();
    await expect
      .poll(async () => (await page.locator('.ant-table-tbody tr.ant-table-row').allTextContents()).join('|'), {
        timeout: 20_000,
      })
      .toContain(raised);

    // a limit for the row's country, and a price far below it: a special-price request, the book unchanged
    // (the network's own limit: the seed sets country limits only, so it is new)
    const lim = await keyedPost(server.url, admin, '/v2/qm/sms-price-limit/save', {
      country: row.country,
      network: row.dest,
      minPrice: '0.01',
      currency: 'USD',
    });
    expect(lim.code, JSON.stringify(lim)).toBe(0);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().getByTestId('qm-agent-edit').click();
    await modal.locator('#unitPrice').fill('0.000001');
    await modal.locator('#reason').fill('E2E partner tender');
    await page.getByTestId('qm-price-save').click();
    await expect
      .poll(() => page.locator('.ant-message').textContent(), { timeout: 20_000 })
      .toContain('Below the limit');
    expect((await agentRows(token, { bookId: row.bookId, dest: row.dest })).total).toBe(before + 1);
    const special = await api<{ records: { bookId: number; unitPrice: string }[] }>(
      server.url,
      token,
      'POST',
      '/v2/qm/special-price/page',
      { state: 'pending' },
    );
    expect(special.records.some((r) => r.bookId === row.bookId && Number(r.unitPrice) === 0.000001)).toBe(true);
    // the request started, the dialog closes as after any save (a click on its hidden close button would
    // wait out the action timeout)
    await expect.poll(() => page.locator('.ant-modal:visible').count(), { timeout: 20_000 }).toBe(0);
    for (const w of [900, 390]) {
      await page.setViewportSize({ width: w, height: 844 });
      await shot(page, `quotation-agents-${w}-en`);
    }
    await ctx.close();

    const zh = await signedIn(browser, server.url, user, { locale: 'zh-CN', at: '/offerManage/agents-quote' });
    await expect
      .poll(() => zh.page.locator('.ant-alert').first().textContent(), { timeout: 20_000 })
      .toContain('合作价');
    await waitRows(zh.page);
    for (const w of [1280, 900, 390]) {
      await zh.page.setViewportSize({ width: w, height: w === 1280 ? 800 : 844 });
      await shot(zh.page, `quotation-agents-${w}-zh`);
    }
    await zh.ctx.close();
  }, 180_000);
});
