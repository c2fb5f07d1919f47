import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { ADMIN, api, apiToken, confirmPopconfirm, signedIn, useShellServer } from './support/shell.js';
import { exportedRows } from './support/xlsx.js';

interface Node {
  id: number;
  international: string;
  name: string;
  children: Node[];
}
const find = (nodes: Node[], key: string): Node | undefined => {
  for (const n of nodes) {
    const hit = n.international === key ? n : find(n.children, key);
    if (hit) return hit;
  }
  return undefined;
};

describe('menu resources (/setModule/authManage/menu)', () => {
  const shell = useShellServer();

  it('admin adds a button under a screen, renames it, sees its history, exports and deletes it', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
      locale: 'en',
      at: '/setModule/authManage/menu',
    });
    const tree = page.locator('.ant-tree');
    await tree.waitFor({ timeout: 20_000 });
    await page.getByPlaceholder('Search names or codes').fill('authManage:user');
    await tree.getByText('Users', { exact: true }).click();
    await expect.poll(() => page.getByText('setModule:authManage:user', { exact: true }).count()).toBeGreaterThan(0);
    await shot(page, 'system-menu-1280-en');

    await page.getByRole('button', { name: 'Add child' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Button', { exact: true }).click();
    await dialog.getByLabel('Chinese name').fill('导出用户');
    await dialog.getByLabel('English name').fill('Export users');
    await dialog.getByLabel('Permission key').fill('setModule:authManage:user:export');
    await shot(page, 'system-menu-form-1280-en');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByText('Saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.ant-card-head-title').getByText('Export users').count()).toBe(1);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('English name').fill('Export the user list');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => page.locator('.ant-card-head-title').getByText('Export the user list').count(), { timeout: 10_000 })
      .toBe(1);
    // history: the audit entries of this record (create and edit)
    await expect
      .poll(() => page.getByTestId('record-history').locator('.ant-timeline-item').count(), { timeout: 10_000 })
      .toBe(2);
    await expect.poll(() => page.getByTestId('record-history').getByText('admin').count()).toBe(2);

    const token = await apiToken(shell.server.url, ADMIN);
    const nodes = await api<Node[]>(shell.server.url, token, 'GET', '/v2/sys/staff/resource/tree');
    expect(find(nodes, 'setModule:authManage:user:export')?.name).toBe('导出用户');

    const { name, rows } = await exportedRows(page);
    expect(name).toMatch(/^menu-resources_\d{14}\.xlsx$/);
    expect(rows[0]!.slice(0, 4)).toEqual(['Path', 'Name', 'Type', 'Permission key']);
    expect(rows.find((r) => r[3] === 'setModule:authManage:user:export')?.[1]).toBe('Export the user list');

    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmPopconfirm(page);
    await expect.poll(() => page.getByText('Deleted').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const after = await api<Node[]>(shell.server.url, token, 'GET', '/v2/sys/staff/resource/tree');
    expect(find(after, 'setModule:authManage:user:export')).toBeUndefined();
    await ctx.close();
  });

  it('refuses deleting a node roles still hold, with the reason', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
      locale: 'zh-CN',
      width: 900,
      at: '/setModule/authManage/menu',
    });
    await page.locator('.ant-tree').waitFor({ timeout: 20_000 });
    await page.getByPlaceholder('搜索名称或编码').fill('authManage:user:edit');
    await page.locator('.ant-tree').getByText('编辑用户', { exact: true }).click();
    await shot(page, 'system-menu-900-zh');
    await page.getByRole('button', { name: '删除' }).click();
    await confirmPopconfirm(page);
    await expect
      .poll(() => page.getByText('编辑用户 仍被角色 系统管理员 使用，请先取消授权').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await ctx.close();
  });

  it('fits a phone', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, ADMIN, {
      locale: 'zh-CN',
      width: 390,
      height: 844,
      at: '/setModule/authManage/menu',
    });
    await page.locator('.ant-tree').waitFor({ timeout: 20_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'system-menu-390-zh');
    await ctx.close();
  });
});
