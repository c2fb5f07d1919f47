import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot, views } from './support/browser.js';
import { ADMIN, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';

const PAGE = '/v2/sys/staff/version/page';
const SCREEN = '/setModule/publicnotice/noticeconfig';

describe('version records on the resource kernel', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a draft, and the state filter tells drafts from published records', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      width: 1280,
      height: 900,
      at: SCREEN,
    });
    const rows = page.locator('.ant-table-row:visible');
    // the seed's published release
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    await page.getByTestId('version-new').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByLabel('Version', { exact: true }).fill('9.9.9-e2e');
    await dialog.getByLabel('Title', { exact: true }).fill('草稿 e2e');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => rows.first().textContent()).toContain('Draft');

    // choosing a state searches at once (as Search does): the request is awaited from before the choice
    const content = page.getByTestId('content');
    const search = async (state: string, published: string) => {
      const sent = page.waitForRequest(
        (r) => r.url().endsWith(PAGE) && !!r.postData()?.includes(`"published":"${published}"`),
      );
      await content.locator('.ant-select:visible').first().click();
      await page.locator('.ant-select-dropdown:visible').getByText(state, { exact: true }).click();
      await content.getByRole('button', { name: 'Search' }).click();
      await sent;
    };
    await search('Draft', 'no');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain('9.9.9-e2e');
    await shot(page, 'version-records-en-1280-drafts');

    await search('Published', 'yes');
    await expect.poll(() => rows.first().textContent(), { timeout: 10_000 }).toContain('1.0.0');
    expect(await rows.count()).toBe(1);
    await ctx.close();
  });

  // three sign-ins and pages in one test
  it('at 390 px and in Chinese', async () => {
    for (const [locale, width] of views([
      ['zh-CN', 1280],
      ['en', 390],
      ['zh-CN', 390],
    ] as const)) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale, width, height: 844, at: SCREEN });
      await expect.poll(() => page.locator('.ant-table-row:visible').count(), { timeout: 20_000 }).toBe(2);
      // at 390 px the time column folds away: the draft is told by its version there
      await expect
        .poll(() => page.locator('.ant-table-row:visible').first().textContent())
        .toContain(width === 390 ? '9.9.9-e2e' : '草稿');
      await shot(page, `version-records-${locale}-${width}`);
      await ctx.close();
    }
  }, 240_000);
});
