import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A dictionary: `crm.customer_level` of module `crm`, named in both languages. */
export const dictTypes = pgTable(
  'dict_types',
  {
    code: text('code').primaryKey(),
    module: text('module').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dict_types_module_idx').on(t.module)],
);

/** One value of a dictionary. Values are never renamed or removed, only disabled, so old records keep their label. */
export const dictItems = pgTable(
  'dict_items',
  {
    typeCode: text('type_code')
      .notNull()
      .references(() => dictTypes.code),
    value: text('value').notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en').notNull(),
    sort: integer('sort').notNull().default(0),
    color: text('color').notNull().default('default'),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.typeCode, t.value] })],
);
