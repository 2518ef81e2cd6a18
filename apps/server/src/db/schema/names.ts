import { text } from 'drizzle-orm/pg-core';

/** Names shown in the interface come in the three portal languages ('' where a translation is missing). */
export const names = {
  name: text('name').notNull(),
  nameKg: text('name_kg').notNull(),
  nameEn: text('name_en').notNull(),
};
