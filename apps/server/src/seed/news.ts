import { createHash } from 'node:crypto';
import type { NewsAudience } from '@okuu/contracts/news/news-item';
import type { Db } from '../db/client.ts';
import { news, newsAttachments, newsFaculties } from '../db/schema/news.ts';
import type { Storage } from '../lib/storage.ts';

interface DemoNews {
  hoursAgo: number;
  audience: NewsAudience;
  facultyIds: number[];
  text: string;
  files: { name: string; content: string }[];
}

/** Demo news by teacher1 (ids 1–6, oldest first): every audience, one item per faculty 1 and 2, two with files. */
const demoNews: DemoNews[] = [
  {
    hoursAgo: 24 * 6,
    audience: 'all',
    facultyIds: [],
    text: 'Научная библиотека работает в обычном режиме: с понедельника по пятницу с 9:00 до 18:00, в субботу с 9:00 до 14:00.',
    files: [],
  },
  {
    hoursAgo: 24 * 3,
    audience: 'students',
    facultyIds: [2],
    text: 'Студентам экономического факультета: консультации по курсовым работам проходят по средам в ауд. 214.',
    files: [],
  },
  {
    hoursAgo: 24 * 2,
    audience: 'all',
    facultyIds: [1],
    text: 'Факультет информационных технологий приглашает студентов и преподавателей на день открытых дверей IT-лабораторий в пятницу в 14:00.',
    files: [],
  },
  {
    hoursAgo: 24,
    audience: 'teachers',
    facultyIds: [],
    text: 'Уважаемые преподаватели! Заседание учёного совета состоится в четверг в 15:00 в конференц-зале. Повестка во вложении.',
    files: [
      {
        name: 'Повестка заседания.txt',
        content: '1. Итоги сессии.\n2. Учебные планы на следующий год.\n3. Разное.\n',
      },
    ],
  },
  {
    hoursAgo: 5,
    audience: 'students',
    facultyIds: [],
    text: 'Открыта регистрация на дисциплины следующего семестра. Выберите дисциплины и преподавателей в разделе «Регистрация» до конца месяца.',
    files: [],
  },
  {
    hoursAgo: 1,
    audience: 'all',
    facultyIds: [],
    text: 'Добро пожаловать на портал Окуу! Здесь публикуются новости университета, учебные материалы, журнал и расписание.',
    files: [
      {
        name: 'Памятка пользователя.txt',
        content: 'Вход: логин и пароль, выданные деканатом.\nСмените пароль после первого входа.\n',
      },
      { name: 'Контакты деканатов.txt', content: 'ФИТ: 101\nЭФ: 201\nГФ: 301\n' },
    ],
  },
];

/** Adds the demo news (and their files) to a freshly seeded university. Deterministic for a given `now`. */
export async function seedNews(db: Db, storage: Storage, authorId: number, now: Date): Promise<number> {
  for (const item of demoNews) {
    const [row] = await db
      .insert(news)
      .values({
        authorId,
        text: item.text,
        audience: item.audience,
        createdAt: new Date(now.getTime() - item.hoursAgo * 3600_000),
      })
      .returning({ id: news.id });
    const id = (row as { id: number }).id;
    if (item.facultyIds.length) {
      await db.insert(newsFaculties).values(item.facultyIds.map((facultyId) => ({ newsId: id, facultyId })));
    }
    for (const [position, file] of item.files.entries()) {
      const storageKey = `news/${id}/${createHash('sha256').update(`${id}/${file.name}`).digest('hex').slice(0, 32)}`;
      const size = await storage.put(storageKey, Buffer.from(file.content, 'utf8'));
      await db.insert(newsAttachments).values({ newsId: id, position, name: file.name, size, storageKey });
    }
  }
  return demoNews.length;
}
