import { contactResource, customerOwnership, customerResource } from '@portal/contracts/crm';
import { ownershipPath } from '@portal/contracts/ownership/define';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import {
  ADMIN,
  apiToken,
  type DemoUser,
  keyedPost,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const SALES02: DemoUser = { username: 'sales02', password: 'Sales#2026' };
const MGR: DemoUser = { username: 'salesmgr', password: 'Sales#2026' };
const INFO = '/v2/sys/staff/overseas/getUserInfo';
const DAY = 86_400_000;
const CLOCK = '/v2/test/clock/advance';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg?: string; data: any };

/**
 * The moved clock (decisions 0052, 0060): a test server (APP_ENV=test on loopback) whose time an
 * administrator moves; the open sea's own job tells sales01 before the return (the message centre) and then
 * returns the customer by its retention rule, sales02 claims it in the browser, salesmgr transfers
 * it back with its contacts on the transfer screen, and its history shows each owner by name.
 */
describe('CRM open sea on a moved clock', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer({ APP_ENV: 'test' });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('tells sales01 before the return, returns the customer after the retention days; sales02 claims it; salesmgr transfers it back with its contacts', async () => {
    const base = server.url;
    const sales = await apiToken(base, SALES);
    const stamp = Date.now() % 100_000;
    const name = `Clockwork Freight ${stamp}`;
    const made = await keyedPost(base, sales, `${customerResource.api}/save`, {
      name,
      alias: `clockwork${stamp}`,
      type: 'C',
      country: 'SG',
    });
    expect(made.code).toBe(0);
    const id = made.data.id as number;
    const contact = await keyedPost(base, sales, `${contactResource.api}/save`, {
      customerId: id,
      name: `Ada ${stamp}`,
    });
    expect(contact.code, JSON.stringify(contact)).toBe(0);

    // the default rule: back to the open sea after 90 days without a follow-up, told 7 days before.
    // Ten minutes short of the 90 days the customer is the first to fall due of those the notice
    // names (the seeded ones due before then are returned by the same run, not noticed).
    const admin = await apiToken(base, ADMIN);
    expect((await keyedPost(base, sales, CLOCK, { ms: DAY })).code).not.toBe(0); // not an administrator's call
    const early = await keyedPost(base, admin, CLOCK, { ms: 90 * DAY - 10 * 60_000, jobs: ['crm.pool-return'] });
    expect(early.code).toBe(0);

    // the time passed: sessions of before have expired; sign in anew
    const admin2 = await apiToken(base, ADMIN);
    const inSea = async () => {
      const page = await keyedPost(base, admin2, ownershipPath(customerOwnership, 'poolPage'), {
        current: 1,
        size: 10,
        keyword: `clockwork${stamp}`,
      });
      return (page.data?.records ?? []).map((r: { id: number }) => r.id) as number[];
    };

    // the job runs after the answer: wait for sales01's notice, then read it in the bell
    const sales01 = await apiToken(base, SALES);
    const latest = async () =>
      // the latest 50: a moved clock also fires other rooms' jobs, whose messages may come after the notice
      ((await keyedPost(base, sales01, '/v2/sys/mc/message/query/home/message/list', { size: 50 })).data ?? []) as {
        content: string;
      }[];
    await expect
      .poll(async () => (await latest()).some((m) => m.content.includes(name)), { timeout: 120_000, interval: 2_000 })
      .toBe(true);
    await settlePopups(base, SALES);
    const notice = await signedIn(browser, base, SALES, { locale: 'en' });
    // the sign-in prompt (once a session, on the first page) says so too
    await expect
      .poll(() => notice.page.locator('.ant-notification-notice').filter({ hasText: 'within 3 days' }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await shot(notice.page, 'crm-clock-prompt-1280-en');
    // it sits over the header's right end: close it to reach the bell
    await notice.page.locator('.ant-notification-notice-close').first().click();
    // the bell lists only the latest eight, and the moved clock makes other jobs (follow-up
    // reminders every five minutes) write to sales01 at any moment: find it in the message list
    await notice.page.goto(`${base}/message/notification`);
    const content = notice.page.getByTestId('content');
    await content.getByLabel('Keyword').fill(name);
    await content.getByRole('button', { name: 'Search' }).click();
    const noticed = content.locator('.ant-table-row').filter({ hasText: name });
    await expect.poll(() => noticed.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => noticed.textContent()).toMatch(/return to the open sea by/);
    await notice.page.getByTestId('header-bell').click();
    await expect.poll(() => notice.page.getByTestId('bell-item').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(notice.page, 'crm-clock-notice-1280-en');
    expect(await inSea()).not.toContain(id);
    // my customers count the days left from the server's (moved) clock, not the browser's: one
    // (part of a) day, where the browser's own clock would still say 90
    await notice.page.goto(`${base}${customerResource.routes.list}`);
    const mine = notice.page.getByTestId('content');
    await mine.getByLabel('Name, alias or code').fill(`clockwork${stamp}`);
    await mine.getByRole('button', { name: /Search$/ }).click();
    const listed = mine.locator('.ant-table-row').filter({ hasText: name });
    await expect.poll(() => listed.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => listed.textContent()).toContain('1d left');
    await shot(notice.page, 'crm-clock-days-left-1280-en');
    await notice.ctx.close();

    // the rest of the 90 days: the job returns it
    expect((await keyedPost(base, admin2, CLOCK, { ms: 20 * 60_000, jobs: ['crm.pool-return'] })).code).toBe(0);
    const admin3 = await apiToken(base, ADMIN);
    const inSeaNow = async () => {
      const page = await keyedPost(base, admin3, ownershipPath(customerOwnership, 'poolPage'), {
        current: 1,
        size: 10,
        keyword: `clockwork${stamp}`,
      });
      return (page.data?.records ?? []).map((r: { id: number }) => r.id) as number[];
    };
    await expect.poll(inSeaNow, { timeout: 120_000, interval: 2_000 }).toContain(id);
    // a day's embargo on just-returned customers: let it pass
    expect((await keyedPost(base, admin3, CLOCK, { ms: DAY + 60_000 })).code).toBe(0);

    await settlePopups(base, SALES02);
    const { ctx, page } = await signedIn(browser, base, SALES02, { locale: 'en', at: '/crm/open-sea' });
    await page.getByPlaceholder(/Alias/).first().fill(`clockwork${stamp}`);
    await page.keyboard.press('Enter');
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await shot(page, 'crm-clock-open-sea-1280-en');
    // its details: returned a day (and a minute) ago on the server's clock (the browser's own clock
    // would put the return still to come, "0d ago")
    await row.getByTestId('row-detail').click();
    const drawer = page.locator('.ant-drawer:visible');
    await expect.poll(() => drawer.textContent(), { timeout: 20_000 }).toContain('1d ago');
    await shot(page, 'crm-clock-open-sea-details-1280-en');
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => drawer.count()).toBe(0);
    await row.locator('.ant-checkbox-input').check();
    const claimed = page.waitForResponse((r) => r.url().includes('/claim'), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.locator('.ant-popconfirm:visible, .ant-modal:visible').getByRole('button', { name: 'OK' }).click();
    expect((await (await claimed).json()).code).toBe(0);
    await ctx.close();

    const sales02 = await apiToken(base, SALES02);
    const info = async (token: string) =>
      (
        (await fetch(`${base}${INFO}`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
          r.json(),
        )) as Answer
      ).data as { userId: number; name: string };
    const sales01Now = await apiToken(base, SALES);
    const [me01, me02] = [await info(sales01Now), await info(sales02)];

    // salesmgr transfers it back to sales01 with its contacts, on the transfer screen
    await settlePopups(base, MGR);
    const mgr = await signedIn(browser, base, MGR, { locale: 'en', at: '/crm/wander/transfer' });
    const rows = mgr.page.locator('.ant-table-row:visible');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await mgr.page.getByLabel('Name, alias or code').fill(`clockwork${stamp}`);
    await mgr.page.getByRole('button', { name: /Search$/ }).click();
    await expect.poll(() => rows.filter({ hasText: name }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    await rows.first().locator('.ant-checkbox-input').check();
    await mgr.page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const modal = mgr.page.locator('.ant-modal:visible');
    await modal.getByTestId('ownership-receiver').click();
    await mgr.page.keyboard.type(me01.name);
    await mgr.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: me01.name })
      .first()
      .click();
    await expect.poll(() => modal.getByLabel('Contacts').isChecked()).toBe(true);
    const moved = mgr.page.waitForResponse((r) => r.url().endsWith('/customer/transfer'), { timeout: 60_000 });
    await modal.getByRole('button', { name: 'OK' }).click();
    expect((await (await moved).json()).code).toBe(0);
    await mgr.ctx.close();

    const admin4 = await apiToken(base, ADMIN);
    const back = await keyedPost(base, admin4, `${customerResource.api}/detail`, { id });
    expect(back.data.ownerId).toBe(me01.userId);
    const contacts = await keyedPost(base, admin4, `${contactResource.api}/page`, { customerId: id });
    expect(contacts.data.records.map((c: { ownerId: number }) => c.ownerId)).toEqual([me01.userId]);

    const history = await fetch(`${base}${customerResource.api}/timeline?id=${id}`, {
      headers: { authorization: `Bearer ${admin4}` },
    }).then((r) => r.json() as Promise<Answer>);
    const steps = history.data.records
      .filter((r: { kind: string }) => r.kind === 'state')
      .map((r: { actorName: string | null; data: { ownership?: string } }) => [r.data.ownership, r.actorName]);
    // newest first: the manager's transfer, sales02's claim, then the system's return (no actor)
    expect(steps.slice(0, 3)).toEqual([
      ['transfer', expect.any(String)],
      ['claim', expect.any(String)],
      ['return', null],
    ]);

    // sales01's timeline names the owners (not "#id")
    const own = await signedIn(browser, base, SALES, { locale: 'en', at: `/crm/customer/detail?id=${id}` });
    await own.page.getByRole('tab', { name: 'History' }).click();
    const changes = own.page.getByTestId('history-change').filter({ hasText: 'Owner' });
    await expect.poll(() => changes.count(), { timeout: 20_000 }).toBeGreaterThan(2);
    const texts = await changes.allTextContents();
    expect(texts.some((x) => x.includes(me02.name) && x.includes(me01.name))).toBe(true);
    expect(texts.some((x) => /#\d/.test(x))).toBe(false);
    await shot(own.page, 'crm-clock-history-1280-en');
    await own.ctx.close();
  }, 420_000);
});
