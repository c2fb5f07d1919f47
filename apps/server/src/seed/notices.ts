import { eq } from 'drizzle-orm';
import { scoreConfigs } from '../modules/feedback/schema.js';
import { versionNotices } from '../modules/notices/schema.js';
import { resources } from '../platform/access/schema.js';
import type { Db } from '../platform/db/index.js';

const RELEASE_NOTES = `## 门户 1.0 上线 / Portal 1.0

- 统一登录：账号密码与工作台扫码登录 / One sign-in: password or workplace chat
- 书签页签：切换页签时保留表单与表格状态 / Bookmark tabs keep each page's state
- 权限：菜单、按钮与数据范围由服务器校验 / Menus, buttons and data scope checked on the server
`;

/** Demo release notes (shown once on start) and a rated menu item. Idempotent. */
export async function seedNoticesDemo(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: versionNotices.id })
    .from(versionNotices)
    .where(eq(versionNotices.version, '1.0.0'));
  if (!existing) {
    await db.insert(versionNotices).values({
      version: '1.0.0',
      title: '门户 1.0 发布 / Portal 1.0 released',
      content: RELEASE_NOTES,
      popup: true,
      publishedAt: new Date(),
    });
  }
  const [users] = await db
    .select({ id: resources.id })
    .from(resources)
    .where(eq(resources.international, 'setModule:authManage:user'));
  if (users) {
    await db
      .insert(scoreConfigs)
      .values({
        resourceId: users.id,
        question: '用户管理好用吗？',
        questionEn: 'How useful is user management?',
      })
      .onConflictDoNothing();
  }
}
