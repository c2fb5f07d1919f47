import { describe, expect, it } from 'vitest';
import { type Page, shot, views } from './support/browser.js';
import {
  api,
  apiToken,
  chooseOption,
  confirmPopconfirm,
  FINANCE,
  signedIn,
  submitModal,
  useShellServer,
} from './support/shell.js';

interface Party {
  id: number;
  code: string;
  mappingId: number | null;
  kingdeeCode: string | null;
}
interface Doc {
  id: number;
  number: string;
  state: string;
  sourceKey: string;
}
interface Page_<T> {
  records: T[];
  total: number;
}
const rows = (page: Page) => page.locator('.ant-table-row');

async function settled(page: Page) {
  await rows(page).first().waitFor({ timeout: 20_000 });
  await page.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * The ERP's customers and suppliers (decision 0127): finance maps an unmapped customer from its row
 * and finds it on the mapped side; purchase receipts (confirmed supplier bills) are listed, produced
 * again without doubling and approved on the screen; the screens at 1280 / 900 / 390 in both languages.
 */
describe('finance ERP basic data and purchase receipts', () => {
  const shell = useShellServer({ settle: [FINANCE] });

  it('maps an unmapped customer from the basic-data list', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const unmapped = await api<Page_<Party>>(base, token, 'GET', '/v2/fc/erp/basic-data/customer?mapped=no&size=5');
    expect(unmapped.total, 'seeded customers without a mapping').toBeGreaterThan(0);
    const target = unmapped.records[0]!;

    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: '/financial/financial-erp/basic-data-material/customer',
    });
    await settled(page);
    await page.getByTestId('erp-party-keyword').fill(target.code);
    await page.getByTestId('erp-party-mapped').click();
    await chooseOption(page, /^Not mapped$/);
    await page.getByTestId('content').locator('.portal-search-form button[type="submit"]').click();
    const row = rows(page).filter({ hasText: target.code }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('erp-party-map').click();
    await page.getByTestId('erp-map-code').fill(`CU.E2E.${target.id}`);
    await shot(page, 'finance-erp-customer-map-1280-en');
    await submitModal(page);
    await expect
      .poll(
        async () =>
          (
            await api<Page_<Party>>(
              base,
              token,
              'GET',
              `/v2/fc/erp/basic-data/customer?mapped=yes&keyword=${target.code}`,
            )
          ).records.find((r) => r.id === target.id)?.kingdeeCode,
        { timeout: 20_000 },
      )
      .toBe(`CU.E2E.${target.id}`);
    // the list answered again: the customer left the unmapped side
    await expect.poll(() => rows(page).filter({ hasText: target.code }).count(), { timeout: 20_000 }).toBe(0);
    await ctx.close();
  });

  it('purchase receipts: listed, produced again without doubling, approved on the screen', async () => {
    const base = shell.server.url;
    const token = await apiToken(base, FINANCE);
    const API = '/v2/fc/erp/document/purchase-receipt';
    const list = () => api<Page_<Doc>>(base, token, 'POST', `${API}/page`, { size: 200 });
    const before = await list();
    expect(before.total, 'purchase receipts produced from the demo supplier bills').toBeGreaterThan(0);
    const { ctx, page } = await signedIn(shell.browser, base, FINANCE, {
      locale: 'zh-CN',
      width: 1280,
      height: 900,
      at: '/financial/financial-erp/document-management/purchase-receipt',
    });
    await settled(page);
    await page.getByTestId('erp-produce').click();
    const dialog = page.locator('.ant-modal:visible');
    await expect.poll(() => dialog.locator('.ant-picker input').first().inputValue()).not.toBe('');
    await submitModal(page);
    await expect.poll(() => dialog.count(), { timeout: 60_000 }).toBe(0);
    const after = await list();
    expect(after.total).toBe(before.total);
    expect(after.records.every((d) => d.sourceKey.startsWith('sbill:'))).toBe(true);
    const draft = (await api<Page_<Doc>>(base, token, 'POST', `${API}/page`, { size: 20 })).records.find(
      (d) => d.state === 'draft',
    );
    if (draft) {
      await rows(page).filter({ hasText: draft.number }).getByRole('button', { name: '审核' }).click();
      await confirmPopconfirm(page);
      await expect
        .poll(async () => (await list()).records.find((d) => d.id === draft.id)?.state, { timeout: 20_000 })
        .toBe('approved');
    }
    await shot(page, 'finance-erp-purchase-receipts-1280-zh');
    await ctx.close();
  });

  for (const [locale, width, height] of views([
    ['en', 1280, 800],
    ['zh-CN', 1280, 800],
    ['zh-CN', 900, 800],
    ['en', 390, 844],
    ['zh-CN', 390, 844],
  ] as const))
    it(`the ERP basic-data and new document screens at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(shell.browser, shell.server.url, FINANCE, { locale, width, height });
      for (const [path, name] of [
        ['financial-erp/basic-data-material/customer', 'customers'],
        ['financial-erp/basic-data-material/supplier', 'suppliers'],
        ['financial-erp/document-management/purchase-receipt', 'purchase-receipts'],
        ['kingdeeSet/relationMapping', 'mappings-switch'],
      ] as const) {
        await page.goto(`${shell.server.url}/financial/${path}`);
        await settled(page);
        await shot(page, `finance-erp2-${name}-${width}-${locale === 'en' ? 'en' : 'zh'}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
      }
      await ctx.close();
    });
});
