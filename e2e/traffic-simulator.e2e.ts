import { describe, expect, it } from 'vitest';
import type { Page } from './support/browser.js';
import { shot } from './support/browser.js';
import { ADMIN, apiToken, keyedWrite, pickRecord, signedIn, useShellServer } from './support/shell.js';

/**
 * The simulator ticks every minute (its first tick may only mark where it starts), the rollup job too.
 * The server runs on a test clock (APP_ENV=test, decision 0052): instead of waiting for the minutes, a
 * test moves the clock on a minute at a time and has both jobs run at once on the moved time (decision 0157).
 */
const STEP_MS = 60_000;
const STORY_JOBS = ['traffic.simulator', 'traffic.rollup'];
/** how long a story may take: some steps, each job run a second or two after its step */
const STORY_MS = 90_000;

/**
 * The simulator's and the rollup's next minutes, now. The page's clock follows the server's: the screens'
 * "today" and "the last 30 days" are the browser's.
 */
async function step(page: Page, url: string, ms = STEP_MS): Promise<number> {
  const { now } = await keyedWrite<{ now: string }>(url, await apiToken(url, ADMIN), '/v2/test/clock/advance', {
    ms,
    jobs: STORY_JOBS,
  });
  await page.clock.setSystemTime(new Date(now));
  return Date.parse(now);
}

const DAY_MS = 86_400_000;

const digitsOf = (s: string) => Number(s.replace(/[^\d.-]/g, ''));

/** SMS counts per account over the performance screen's default 30 days, read off the screen */
async function countsByAccount(page: Page, url: string): Promise<Map<string, number>> {
  await page.goto(`${url}/businessInquiry/smsPerformance`);
  await page.getByLabel('Group by').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Account$/ })
    .click();
  await page
    .getByTestId('content')
    .getByRole('button', { name: /Search$/ })
    .click();
  await page.locator('.ant-table-row, .ant-table-placeholder .ant-empty').first().waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
  const out = new Map<string, number>();
  for (const row of await page.locator('.ant-table-row').all()) {
    const cells = await row.locator('td').allTextContents();
    // key, currency, count: one row per account and currency
    out.set(`${cells[0]}:${cells[1]}`, digitsOf(cells[2] ?? '0'));
  }
  return out;
}

/** the records screen's totals line for today, optionally of one account: records and delivered parts */
async function todaysTotals(page: Page, url: string, accountCode?: string) {
  await page.goto(`${url}/businessInquiry/sendRcdQuery`);
  if (accountCode) {
    // the account filter folds behind "More" (the form shows its first three)
    await page.getByTestId('filters-more').click();
    // picked by its code in the account picker (decision 0132)
    await pickRecord(page, page.getByTestId('content').getByLabel('Account', { exact: true }), accountCode);
  }
  await page
    .getByTestId('content')
    .getByRole('button', { name: /Search$/ })
    .click();
  const line = page.getByText(/records, [\d,]+ delivered/);
  await line.waitFor({ timeout: 20_000 });
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
  const m = /([\d,]+) records, ([\d,]+) delivered/.exec((await line.textContent()) ?? '');
  return { records: digitsOf(m?.[1] ?? '0'), delivered: digitsOf(m?.[2] ?? '0') };
}

/**
 * The live demo story with nothing fed by the test (it only moves the clock): the server starts with its
 * traffic simulator on (the default) and the screens alone show its traffic arriving: the SMS performance screen's
 * figures of an account (from the rollups the minute job keeps) grow, that account's records on
 * sendRcdQuery grow with them, and today's delivered parts grow as the simulator's DLRs come.
 */
describe('the traffic simulator on the screens', () => {
  const running = useShellServer({ env: { APP_ENV: 'test' } });

  it('sends for an account: its figures move, its records come with their DLR state', {
    timeout: 3 * STORY_MS,
  }, async () => {
    const { url } = running.server;
    const { ctx, page } = await signedIn(running.browser, url, ADMIN, { locale: 'en' });
    // a clock that runs with real time until a step moves it with the server's
    await ctx.clock.install();
    // the story reads today's records: one that would cross midnight (UTC) starts in the next day instead
    const toMidnight = DAY_MS - ((await step(page, url, 1)) % DAY_MS);
    if (toMidnight < 10 * 60_000) await step(page, url, toMidnight + STEP_MS);
    const firstTotals = await todaysTotals(page, url);
    const before = await countsByAccount(page, url);

    let moved: string | undefined;
    await expect
      .poll(
        async () => {
          await step(page, url);
          const now = await countsByAccount(page, url);
          moved = [...now].find(([k, n]) => n > (before.get(k) ?? 0))?.[0];
          return moved;
        },
        { timeout: STORY_MS, interval: 1_000 },
      )
      .toBeDefined();
    // the performance screen names an account group "code · customer"
    const accountCode = moved!.split(':')[0]!.split(' · ')[0]!;
    await shot(page, 'traffic-simulator-figures-1280-en');

    // the account's records of today, each with its state: delivered, pending or a failure
    const mine = await todaysTotals(page, url, accountCode);
    expect(mine.records).toBeGreaterThan(0);
    const states = await page.locator('.ant-table-row td .ant-tag').allTextContents();
    expect(states.length).toBeGreaterThan(0);
    // the English status texts (web traffic locale)
    const known = [
      'Awaiting DLR',
      'Submit failed',
      'Delivered',
      'Expired',
      'Deleted',
      'Undeliverable',
      'Accepted',
      'Unknown',
      'Rejected',
      'En route',
    ];
    expect(states.filter((s) => !known.includes(s))).toEqual([]);
    await shot(page, 'traffic-simulator-records-1280-en');

    // the simulator's reports come later than its submits: today's delivered parts grow on the screen
    await expect
      .poll(
        async () => {
          await step(page, url);
          return (await todaysTotals(page, url)).delivered;
        },
        { timeout: STORY_MS, interval: 1_000 },
      )
      .toBeGreaterThan(firstTotals.delivered);
    expect((await todaysTotals(page, url)).records).toBeGreaterThan(firstTotals.records);
    await ctx.close();
  });
});
