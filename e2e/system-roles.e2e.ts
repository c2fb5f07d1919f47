import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  chooseOption,
  motionDone,
  OPS,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
  submitModal,
} from './support/shell.js';
import { exportedRows } from './support/xlsx.js';

interface RoleRow {
  id: number;
  code: string;
  dataScope: string;
  memberCount: number;
}

/** the demo seed's roles: admin, sales manager, sales, finance, operations, purchasing manager, purchasing */
const SEEDED_ROLES = 7;

describe('roles and permissions (/setModule/authManage/permissions)', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, ADMIN);
    await settlePopups(server.url, OPS);
    token = await apiToken(server.url, ADMIN);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin creates a role, grants the system log, adds a member who gets the screen at once, exports', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/setModule/authManage/permissions',
    });
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(SEEDED_ROLES);
    await shot(page, 'system-roles-1280-en');

    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code').fill('auditor');
    await dialog.getByLabel('Chinese name').fill('审计员');
    await dialog.getByLabel('English name').fill('Auditor');
    await dialog.getByLabel('Data scope').click();
    await chooseOption(page, 'Chosen departments');
    await dialog.getByLabel('Departments').click();
    // the tree's options once its list has slid in (a click during the motion is lost under load)
    const tree = page.locator('.ant-select-dropdown:visible').last();
    await tree.waitFor();
    await motionDone(tree);
    await tree.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: 'Operations' }).click();
    // close the department list (with purchasing it reaches down over the dialog's buttons)
    await dialog.locator('.ant-modal-title').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await shot(page, 'system-roles-form-1280-en');
    await submitModal(page);
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(SEEDED_ROLES + 1);

    await page.getByLabel('Keyword').fill('audit');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('role-open-auditor').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('.ant-tree').waitFor({ timeout: 10_000 });
    // the system log screen: open its group in the grant tree (top levels start open) and check it
    const node = (name: string) => drawer.locator('.ant-tree-treenode').filter({ hasText: new RegExp(`^${name}$`) });
    await node('System').locator('.ant-tree-switcher').click();
    await node('System log').locator('.ant-tree-checkbox').click();
    await drawer.getByTestId('grants-save').click();
    await expect.poll(() => page.getByText('Saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    await drawer.getByRole('tab', { name: 'Members' }).click();
    await drawer.getByTestId('user-picker').click();
    // the staff picker shows names and job numbers, never login names (ops01 is 张磊)
    await page.keyboard.type('张磊');
    await page.locator('.ant-select-item-option').filter({ hasText: '张磊' }).click();
    await drawer.getByTestId('members-add').click();
    await expect
      .poll(() => drawer.getByTestId('members-table').locator('.ant-table-row').count(), { timeout: 10_000 })
      .toBe(1);
    await drawer.getByRole('tab', { name: 'History' }).click();
    await expect
      .poll(() => drawer.getByTestId('record-history').locator('.ant-timeline-item').count(), { timeout: 10_000 })
      .toBe(3);
    await shot(page, 'system-roles-drawer-1280-en');

    const roles = await api<{ records: RoleRow[] }>(server.url, token, 'POST', '/v2/sys/staff/role/page', {
      keyword: 'auditor',
    });
    expect(roles.records).toEqual([expect.objectContaining({ code: 'auditor', dataScope: 'custom', memberCount: 1 })]);
    const ops = await apiToken(server.url, OPS);
    const log = await fetch(`${server.url}/v2/sys/staff/log/page`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ops}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await log.json()) as { code: number }).code).toBe(0);

    await drawer.locator('.ant-drawer-close').click();
    const { name, rows } = await exportedRows(page);
    expect(name).toMatch(/^roles_\d{14}\.xlsx$/);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 6)).toEqual(['auditor', 'Auditor', 'Chosen departments', 'Operations', 'Yes', '1']);
    await ctx.close();
  });

  it('reads in Chinese on a tablet and a phone', async () => {
    for (const [width, height] of [
      [900, 800],
      [390, 844],
    ] as const) {
      const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
        locale: 'zh-CN',
        width,
        height,
        at: '/setModule/authManage/permissions',
      });
      await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await page.getByText('本部门及下级').count()).toBeGreaterThan(0);
      await shot(page, `system-roles-${width}-zh`);
      await ctx.close();
    }
  });
});
