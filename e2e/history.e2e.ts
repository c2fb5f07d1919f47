import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import { ADMIN, api, apiToken, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';

describe('record history (a staff user record)', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;
  let opsId: number;

  /** A comment through the API, with its check-repeat key. */
  const comment = async (body: string) => {
    const { key } = await api<{ key: string }>(server.url, token, 'GET', '/v2/sys/staff/common/request/idempotence');
    const res = await fetch(`${server.url}/v2/sys/staff/user/comment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
      body: JSON.stringify({ id: opsId, body }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  };
  const bodies = (page: Page) =>
    page
      .getByTestId('user-history')
      .getByTestId('history-body')
      .evaluateAll((els) => els.map((e) => e.textContent));

  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN, { rate: true });
    browser = await launch();
    token = await apiToken(server.url, ADMIN);
    const page = await api<{ records: { id: number; username: string }[] }>(
      server.url,
      token,
      'POST',
      '/v2/sys/staff/user/page',
      { keyword: 'ops01' },
    );
    opsId = page.records.find((r) => r.username === 'ops01')!.id;
    for (let i = 1; i <= 21; i++) await comment(`备注 ${i}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens from the user name, pages with "load more" and takes a comment', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      at: '/setModule/authManage/user',
    });
    await page.getByPlaceholder('用户名 / 姓名 / 工号').fill('ops01');
    await page.keyboard.press('Enter');
    const row = page.locator('.ant-table-row', { hasText: 'ops01' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByTestId('user-history-open').click();
    await expect.poll(() => page.locator('.ant-drawer-title').textContent()).toBe('张磊 · 记录动态');
    await expect.poll(() => bodies(page), { timeout: 20_000 }).toHaveLength(20);
    expect((await bodies(page))[0]).toBe('备注 21');
    await page.getByTestId('history-more').click();
    await expect.poll(() => bodies(page)).toHaveLength(21);
    expect((await bodies(page)).at(-1)).toBe('备注 1');

    await page.getByTestId('history-comment-input').fill('请核对入职资料');
    await page.getByTestId('history-comment-send').click();
    await expect.poll(() => bodies(page).then((b) => b[0]), { timeout: 15_000 }).toBe('请核对入职资料');
    await shot(page, 'history-user-1280-zh');
    // opening a record's history keeps the list in its one tab
    expect(await page.locator('[data-testid^="tab-"]').filter({ hasText: '用户管理' }).count()).toBe(1);
    await ctx.close();
  });

  it('reads the same in English, on a small laptop and on a phone', async () => {
    for (const [width, height] of [
      [900, 800],
      [390, 844],
    ] as const) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
        locale: 'en',
        width,
        height,
        at: `/setModule/authManage/user?history=${opsId}`,
      });
      await expect.poll(() => bodies(page), { timeout: 20_000 }).toHaveLength(20);
      expect(await page.getByTestId('history-comment-send').textContent()).toBe('Comment');
      expect(await page.getByTestId('history-more').textContent()).toBe('Load more');
      await shot(page, `history-user-${width}-en`);
      await ctx.close();
    }
  });
});
