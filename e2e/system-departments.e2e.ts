import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import { ADMIN, api, apiToken, type ShellServer, settlePopups, signedIn, startShellServer } from './support/shell.js';
import { exportedRows } from './support/xlsx.js';

interface Dept {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  nameEn: string;
  leaderName: string | null;
  children: Dept[];
}
const find = (nodes: Dept[], code: string): Dept | undefined => {
  for (const n of nodes) {
    const hit = n.code === code ? n : find(n.children, code);
    if (hit) return hit;
  }
  return undefined;
};

/**
 * Drags a tree node onto another, ending well right of the target's title: antd reads a drop to the
 * right of where the drag began as "inside" (a child), not into the gap beside it.
 */
async function dropInside(tree: Locator, from: string, to: string) {
  const target = tree.locator('.ant-tree-node-content-wrapper').filter({ hasText: to }).first();
  const box = (await target.boundingBox())!;
  await tree.getByText(from, { exact: true }).dragTo(target, {
    targetPosition: { x: box.width - 8, y: box.height / 2 },
  });
}

describe('organization (/setModule/departmentalOrganization)', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;
  const tree = () => api<Dept[]>(server.url, token, 'GET', '/v2/sys/staff/dept/tree');
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN);
    token = await apiToken(server.url, ADMIN);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin creates a sub-department with a leader, renames it, drags it elsewhere, sees history and members, exports, filters', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      at: '/setModule/departmentalOrganization',
    });
    const treeEl = page.locator('.ant-tree');
    await treeEl.waitFor({ timeout: 20_000 });
    await treeEl.getByText('销售部', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('members-table').locator('.ant-table-row').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot(page, 'system-departments-1280-zh');

    await page.getByRole('button', { name: '新增下级部门' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('部门编码').fill('sales-3');
    await dialog.getByLabel('中文名称').fill('销售三组');
    await dialog.getByLabel('英文名称').fill('Sales team 3');
    await dialog.getByTestId('user-picker').click();
    // the staff picker shows names and job numbers, never login names
    await page.keyboard.type('刘洋');
    await page.locator('.ant-select-item-option').filter({ hasText: '刘洋' }).click();
    await dialog.getByLabel('中文名称').click();
    await shot(page, 'system-departments-form-1280-zh');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(async () => find(await tree(), 'sales-3')?.leaderName, { timeout: 10_000 }).toBe('刘洋');
    const created = find(await tree(), 'sales-3')!;
    expect(created.parentId).toBe(find(await tree(), 'sales')!.id);

    await page.getByRole('button', { name: '编辑' }).click();
    // the form fills itself from the record once it has it: typing before that is overwritten
    const nameField = page.getByRole('dialog').getByLabel('中文名称');
    await expect.poll(() => nameField.inputValue()).toBe('销售三组');
    await nameField.fill('销售三组（华南）');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(async () => find(await tree(), 'sales-3')?.name, { timeout: 10_000 }).toBe('销售三组（华南）');

    // drag the new department onto 运营部: it becomes its child
    await dropInside(treeEl, '销售三组（华南）', '运营部');
    await expect
      .poll(async () => find(await tree(), 'sales-3')?.parentId, { timeout: 10_000 })
      .toBe(find(await tree(), 'ops')!.id);
    // the tree animates the moved node (a copy of it may come and go while the tree refetches):
    // click until the department is selected and its history shows
    const history = page.getByTestId('record-history').locator('.ant-timeline-item');
    await expect
      .poll(
        async () => {
          await treeEl
            .getByText('销售三组（华南）', { exact: true })
            .first()
            .click({ timeout: 2_000 })
            .catch(() => undefined);
          return history.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(3);

    // a department cannot be dropped into its own child (the tree refuses it; the server would too)
    await dropInside(treeEl, '销售部', '销售一组');
    await new Promise((r) => setTimeout(r, 500));
    expect(find(await tree(), 'sales')!.parentId).toBe(find(await tree(), 'hq')!.id);

    const { name, rows } = await exportedRows(page);
    expect(name).toMatch(/^组织架构_\d{14}\.xlsx$/);
    expect(rows[0]).toEqual(['路径', '编码', '名称', '负责人', '成员数']);
    expect(rows.find((r) => r[1] === 'sales-3')).toEqual([
      '总部 / 运营部 / 销售三组（华南）',
      'sales-3',
      '销售三组（华南）',
      '刘洋',
      '0',
    ]);

    // the tree's filter: a match shows with its ancestors only
    await page.getByPlaceholder('搜索名称或编码').fill('华南');
    // (titles only: the tree also keeps a hidden node it measures rows with)
    const shown = treeEl.locator('.ant-tree-node-content-wrapper');
    await expect.poll(() => shown.count(), { timeout: 10_000 }).toBe(3);
    expect(await shown.last().textContent()).toContain('销售三组（华南）');
    await ctx.close();
  });

  it('shows English names to an English reader, on a tablet and a phone', async () => {
    for (const [width, height] of [
      [900, 800],
      [390, 844],
    ] as const) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
        locale: 'en',
        width,
        height,
        at: '/setModule/departmentalOrganization',
      });
      await page.locator('.ant-tree').getByText('Finance', { exact: true }).click();
      await expect
        .poll(() => page.getByTestId('members-table').locator('.ant-table-row').count(), { timeout: 10_000 })
        .toBe(5);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `system-departments-${width}-en`);
      await ctx.close();
    }
  });
});
