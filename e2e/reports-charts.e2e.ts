import { allReports, CATEGORY_TITLE, reportApi } from '@portal/contracts/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot, views } from './support/browser.js';
import { ADMIN, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';

interface Answer {
  dim: string;
  rows: { key: string; label: string }[];
  series: { current: { count: number }; prev: { count: number } }[];
}

/**
 * Every report route in both languages at 1280 and 390 px (issue 19, "the charts render"): one server,
 * one page per language walking the routes at its widths. A report with figures in its default period
 * draws its chart (a canvas) and its table's first row names the API's first group; a report without
 * figures says so; a waiting report names what it waits for. Screenshots `reports-all-<key>-<width>-<locale>`.
 */
describe('every report screen, both languages, wide and narrow', () => {
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

  // the views CI visits (decision 0150): each report in Chinese at 1280 px and in English at 390 px;
  // E2E_VIEWS=all walks both widths in both languages
  const walked = views([
    ['zh-CN', 1280],
    ['zh-CN', 390],
    ['en', 1280],
    ['en', 390],
  ] as const);
  for (const locale of ['zh-CN', 'en'] as const)
    it(`draws each report in ${locale}`, { timeout: 300_000 }, async () => {
      const widths = walked.filter(([l]) => l === locale).map(([, w]) => w);
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale, width: widths[0], height: 900 });
      let drawn = 0;
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        for (const def of allReports) {
          if (def.source === 'waiting') {
            await page.goto(`${server.url}${def.path}`);
            await page.getByTestId('report-waiting').waitFor({ timeout: 20_000 });
            await shot(page, `reports-all-${def.key}-${width}-${locale}`);
            continue;
          }
          const answered = page.waitForResponse((r) => r.url().endsWith(`${reportApi(def)}/data`));
          await page.goto(`${server.url}${def.path}`);
          const answer = ((await (await answered).json()) as { data: Answer }).data;
          const figures = answer.series.some((s) => s.current.count || s.prev.count);
          if (figures) {
            await page.getByTestId('report-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
            drawn++;
          } else await page.locator('.ant-card .ant-empty').first().waitFor({ timeout: 20_000 });
          const rows = page.getByTestId('report-table').locator('.ant-table-row');
          await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(Math.min(answer.rows.length, 20));
          if (answer.rows.length) {
            // a WhatsApp category shows its name in the screen's language (decision 0094)
            const first = answer.rows[0]!;
            const title = answer.dim === 'category' ? CATEGORY_TITLE[first.key] : undefined;
            const name = title ? (locale === 'en' ? title.en : title.zh) : first.label;
            expect(await rows.first().locator('td').first().textContent(), def.key).toBe(name);
          }
          await shot(page, `reports-all-${def.key}-${width}-${locale}`);
        }
      }
      // the demo history has figures for most reports in the last complete week (more than 5 a width)
      expect(drawn).toBeGreaterThan(5 * widths.length);
      await ctx.close();
    });
});
