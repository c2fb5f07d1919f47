import { eq } from 'drizzle-orm';
import type { SeedContext } from '../../platform/seed/context.js';
import { versionNotices } from './schema.js';

const RELEASE_NOTES = `## 门户 1.0 上线 / Portal 1.0

- 统一登录：账号密码与工作台扫码登录 / One sign-in: password or workplace chat
- 书签页签：切换页签时保留表单与表格状态 / Bookmark tabs keep each page's state
- 权限：菜单、按钮与数据范围由服务器校验 / Menus, buttons and data scope checked on the server
`;

/** Demo release notes (shown once on start). Idempotent (keyed by version). */
export async function seedNoticesDemo({ db }: SeedContext): Promise<void> {
  const [existing] = await db
    .select({ id: versionNotices.id })
    .from(versionNotices)
    .where(eq(versionNotices.version, '1.0.0'));
  if (!existing) {
    await db.insert(versionNotices).values({
      version: '1.0.0',
      title: '门户 1.0 发布',
      titleEn: 'Portal 1.0 released',
      content: RELEASE_NOTES,
      popup: true,
      publishedAt: new Date(),
    });
  }
}
