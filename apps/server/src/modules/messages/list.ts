import { messageResource } from '@portal/contracts';
import { inArray, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/db/like.js';
import { type TextVars, templateKeysWithEnglish } from '../../platform/i18n/message-templates.js';
import { bindResource } from '../../platform/resource/index.js';
import { mcMessages as m } from './schema.js';
import { textOf } from './service.js';

/** A jsonb value as read: parsed by the driver, or its text (an export's raw row). */
const varsOf = (v: unknown): TextVars | null => (typeof v === 'string' ? (JSON.parse(v) as TextVars) : (v as TextVars));

/**
 * The message center's list (page, detail, export): a personal resource, so every path reads the
 * caller's own messages only; a templated message's title and content in the reader's language.
 */
export const messageList = bindResource(messageResource, {
  table: m,
  columns: {
    userId: m.userId,
    type: m.type,
    msgType: m.msgType,
    title: m.title,
    content: m.content,
    link: m.link,
    sourceKind: m.sourceKind,
    sourceId: m.sourceId,
    status: m.status,
    createdAt: m.createdAt,
    readAt: m.readAt,
  },
  search: { keyword: m.search },
  // the stored text is the Chinese rendering; a templated message also matches in English: by its
  // template's fixed words, or by a variable's English form (a plain variable by its value)
  searchAlso: {
    keyword(keyword) {
      const english = templateKeysWithEnglish(keyword);
      return or(
        english.length ? inArray(m.templateKey, english) : undefined,
        sql`exists (select 1 from jsonb_each(${m.templateVars}) v
          where (case jsonb_typeof(v.value) when 'object' then v.value->>'en' else v.value#>>'{}' end) ilike ${containsPattern(keyword)})`,
      );
    },
  },
  readAlso: { templateKey: m.templateKey, templateVars: m.templateVars },
  afterRead: (rows, { locale }) =>
    rows.map((r) => ({
      ...r,
      ...textOf(
        {
          title: String(r.title),
          content: String(r.content),
          templateKey: (r.templateKey as string | null) ?? null,
          templateVars: varsOf(r.templateVars),
        },
        locale,
      ),
    })),
});
