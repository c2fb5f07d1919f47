import { and, eq } from 'drizzle-orm';
import type { SeedContext } from '../../platform/seed/context.js';
import { versionNotices } from './schema.js';

const RELEASE_NOTES = `## 门户 1.0 上线

- 统一登录：账号密码与工作台扫码登录
- 书签页签：切换页签时保留表单与表格状态
- 权限：菜单、按钮与数据范围由服务器校验
`;

const RELEASE_NOTES_EN = `## Portal 1.0

- One sign-in: password or workplace chat
- Bookmark tabs keep each page's state
- Menus, buttons and data scope checked on the server
`;

/** The notes as seeded before they had an English form (both languages in one text): split on the next seed. */
const MIXED_NOTES_START = '## 门户 1.0 上线 / Portal 1.0';

/** Demo release notes (shown once on start), in Chinese and English. Idempotent (keyed by version). */
export async function seedNoticesDemo({ db }: SeedContext): Promise<void> {
  const [existing] = await db
    .select({ id: versionNotices.id, content: versionNotices.content })
    .from(versionNotices)
    .where(eq(versionNotices.version, '1.0.0'));
  if (!existing) {
    await db.insert(versionNotices).values({
      version: '1.0.0',
      title: '门户 1.0 发布',
      titleEn: 'Portal 1.0 released',
      content: RELEASE_NOTES,
      contentEn: RELEASE_NOTES_EN,
      popup: true,
      publishedAt: new Date(),
    });
  } else if (existing.content.startsWith(MIXED_NOTES_START)) {
    await db
      .update(versionNotices)
      .set({ content: RELEASE_NOTES, contentEn: RELEASE_NOTES_EN })
      .where(and(eq(versionNotices.id, existing.id), eq(versionNotices.contentEn, '')));
  }
}
