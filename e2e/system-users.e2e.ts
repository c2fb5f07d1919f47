import { Errors } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot, views } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  confirmModal,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
  submitModal,
} from './support/shell.js';

const USERS = '/setModule/authManage/user';
const rows = (page: Page) => page.locator('.ant-table-row');
const dialog = (page: Page) => page.locator('.ant-modal:visible');

/** A write through the API with the idempotence key it requires; answers the envelope. */
async function write(base: string, token: string, url: string, body: unknown) {
  const { key } = await api<{ key: string }>(base, token, 'GET', '/v2/sys/staff/common/request/idempotence');
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number };
}

async function search(page: Page, keyword: string) {
  await page.locator('#keyword').fill(keyword);
  await page.keyboard.press('Enter');
}

describe('staff users on the resource screens (/setModule/authManage/user)', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN, { rate: true });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin creates, filters, edits, resets the password, exports and reads the history', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale: 'en', at: USERS });
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await shot(page, 'system-users-1280-en');

    // create: the form's rules are the create schema's (a bad e-mail is refused before sending)
    await page.getByTestId('list-create').click();
    await page.getByTestId('field-username').fill('e2e.walker');
    await page.getByTestId('field-name').fill('Walker Test');
    await page.getByTestId('field-jobNumber').fill('E2E-001');
    await page.getByTestId('field-email').fill('not-an-email');
    await page.getByTestId('field-password').fill('Walker#2026');
    await submitModal(page);
    await expect.poll(() => dialog(page).locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    await page.getByTestId('field-email').fill('walker@example.com');
    await shot(page, 'system-users-create-1280-en');
    await submitModal(page);
    await expect.poll(() => dialog(page).count(), { timeout: 15_000 }).toBe(0);

    // filter
    await search(page, 'e2e.walker');
    const row = rows(page).filter({ hasText: 'e2e.walker' });
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);

    // edit: the username is create-only, shown but locked
    await row.getByTestId('row-edit').click();
    await expect.poll(() => page.getByTestId('field-name').inputValue(), { timeout: 15_000 }).toBe('Walker Test');
    await page.getByTestId('field-name').fill('Walker Renamed');
    await submitModal(page);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Walker Renamed');

    // reset the password (a command with input), then the new password signs in
    await row.getByTestId('row-resetPassword').click();
    await page.getByTestId('command-password').fill('Walker#2027');
    await submitModal(page);
    await expect.poll(() => dialog(page).count(), { timeout: 15_000 }).toBe(0);
    await expect(apiToken(server.url, { username: 'e2e.walker', password: 'Walker#2027' })).resolves.toBeTruthy();

    // export of the filtered list: one row, downloaded at once
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // details: fields and the history of the change
    await row.getByTestId('row-detail').click();
    const detail = page.getByTestId('resource-detail');
    await expect
      .poll(() => detail.getByTestId('detail-email').textContent(), { timeout: 15_000 })
      .toBe('walker@example.com');
    await page.waitForTimeout(400); // the drawer slides in: the picture waits for it, the checks do not
    await shot(page, 'system-users-detail-1280-en');
    await detail.getByRole('tab', { name: 'History' }).click();
    const history = detail.getByTestId('record-timeline');
    await expect.poll(() => history.getByTestId('history-item').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await history.textContent()).toMatch(/Reset password.*Walker Test.*Walker Renamed.*created/);
    await shot(page, 'system-users-history-1280-en');
    await ctx.close();
  });

  it('an edit over a stale version asks to reload instead of overwriting', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      width: 900,
      height: 800,
      at: USERS,
    });
    await search(page, 'ops05');
    const row = rows(page).filter({ hasText: 'ops05' });
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'system-users-900-zh');
    await row.getByTestId('row-edit').click();
    await expect.poll(() => page.getByTestId('field-name').inputValue(), { timeout: 15_000 }).not.toBe('');
    // someone else saves the record meanwhile
    const token = await apiToken(server.url, ADMIN);
    const page1 = await api<{ records: { id: number; version: number }[] }>(
      server.url,
      token,
      'POST',
      '/v2/sys/staff/user/page',
      { keyword: 'ops05' },
    );
    const { id, version } = page1.records[0]!;
    const saved = await write(server.url, token, '/v2/sys/staff/user/update', {
      id,
      version,
      email: 'ops05@example.com',
    });
    expect(saved.code).toBe(0);
    await page.getByTestId('field-name').fill('运维五号');
    await submitModal(page);
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.textContent(), { timeout: 15_000 }).toContain('记录已被他人修改');
    await confirmModal(page);
    await expect
      .poll(() => page.getByTestId('field-email').inputValue(), { timeout: 15_000 })
      .toBe('ops05@example.com');
    expect((await write(server.url, token, '/v2/sys/staff/user/update', { id, version, name: 'x' })).code).toBe(
      Errors.CONFLICT.code,
    );
    await ctx.close();
  });

  it('reads at 1280, 900 and 390 px in both languages; never scrolls sideways at 1280 and 900', async () => {
    for (const [width, height] of views([
      [1280, 800],
      [900, 800],
      [390, 844],
    ] as const)) {
      for (const locale of ['zh-CN', 'en']) {
        const { ctx, page } = await signedIn(browser, server.url, ADMIN, { locale, width, height, at: USERS });
        await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);
        await shot(page, `system-users-list-${width}-${locale}`);
        if (width >= 900) {
          // secondary columns collapse until the table fits its box
          const over = await page
            .locator('.ant-table-content, .ant-table-body')
            .evaluateAll((els) => els.map((e) => e.scrollWidth - e.clientWidth));
          expect(
            over.every((o) => o <= 0),
            `${width} ${locale}: ${over}`,
          ).toBe(true);
        }
        await ctx.close();
      }
    }
  });
});
