/**
 * Fills the library with many generated books in one statement (INSERT … SELECT generate_series), for the
 * benchmark of the library search: varied titles and authors in Russian, Kyrgyz and English, spread over every
 * subcategory, owned by the first staff account (else the first teacher), without files. Works on any connection
 * that runs SQL text (a `pg` client or pool, PGlite, Drizzle's `execute`): it imports nothing of the server.
 */

/** Runs one SQL statement and returns its rows. */
export type RunSql = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const subjects = [
  'Математический анализ',
  'Линейная алгебра',
  'Теория вероятностей',
  'Дискретная математика',
  'Общая физика',
  'Теоретическая механика',
  'Органическая химия',
  'Молекулярная биология',
  'Программирование на Python',
  'Базы данных',
  'Компьютерные сети',
  'Операционные системы',
  'Электротехника',
  'Сопротивление материалов',
  'История Кыргызстана',
  'Всемирная история',
  'Философия',
  'Культурология',
  'Кыргызский язык',
  'Русский язык и культура речи',
  'Английский язык',
  'Микроэкономика',
  'Макроэкономика',
  'Бухгалтерский учёт',
  'Гражданское право',
  'Конституционное право',
  'Менеджмент',
  'Маркетинг',
  'Экология',
  'География',
  'Кыргыз адабияты',
  'Жогорку математика',
  'Data structures',
  'Software engineering',
  'Academic writing',
];

const kinds = [
  'учебник',
  'учебное пособие',
  'практикум',
  'сборник задач',
  'курс лекций',
  'хрестоматия',
  'справочник',
  'методические указания',
  'окуу китеби',
  'textbook',
];

const surnames = [
  'Абдыкадыров',
  'Токтогулов',
  'Жумабаев',
  'Осмонова',
  'Сыдыкова',
  'Асанов',
  'Бакиев',
  'Мамытов',
  'Турдубаева',
  'Исаков',
  'Иванов',
  'Петрова',
  'Смирнов',
  'Кузнецова',
  'Соколов',
  'Попов',
  'Лебедева',
  'Козлов',
  'Новикова',
  'Морозов',
  'Волков',
  'Алексеева',
  'Фёдоров',
  'Михайлова',
  'Орлов',
  'Кадыров',
  'Усенова',
  'Эсенбаев',
  'Нурланова',
  'Шаршеев',
  'Smith',
  'Johnson',
  'Brown',
  'Taylor',
  'Wilson',
  'Knuth',
  'Tanenbaum',
  'Stroustrup',
  'Feynman',
  'Samuelson',
];

const initials = [
  'А. А.',
  'Б. К.',
  'В. С.',
  'Г. Т.',
  'Д. М.',
  'Е. Н.',
  'Ж. О.',
  'И. П.',
  'К. Р.',
  'Л. Ж.',
  'J.',
  'M. R.',
];

function textArray(values: string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
}

function numberOf(value: unknown): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Not a number: ${String(value)}`);
  return n;
}

/**
 * Makes sure the library holds at least `target` books, adding generated ones (numbered on from the books already
 * there) when it holds fewer; refreshes the planner's statistics after adding. Needs the library's subcategories
 * (migrations) and a staff or teacher account (the demo seed).
 */
export async function ensureBulkBooks(
  run: RunSql,
  target: number,
): Promise<{ before: number; inserted: number; total: number }> {
  if (!Number.isInteger(target) || target < 0 || target > 10_000_000) throw new Error(`Bad number of books: ${target}`);
  const before = numberOf((await run('SELECT count(*)::int AS n FROM books')).rows[0]?.n);
  if (before >= target) return { before, inserted: 0, total: before };
  const ready = (
    await run(`SELECT (SELECT count(*) FROM library_categories)::int AS categories,
      (SELECT count(*) FROM users WHERE role IN (1, 3))::int AS owners`)
  ).rows[0];
  if (!numberOf(ready?.categories) || !numberOf(ready?.owners)) {
    throw new Error('The library needs its categories (migrations) and a staff or teacher account (the demo seed)');
  }
  const from = before + 1;
  await run(`
    INSERT INTO books (name, author, description, total_pages, category_id, owner_id, created_at)
    SELECT
      w.subjects[1 + (i * 11) % array_length(w.subjects, 1)] || ': ' ||
        w.kinds[1 + (i * 3 + i / 97) % array_length(w.kinds, 1)] || ', ' ||
        (1 + (i / 13) % 5)::text || '-е изд. (№ ' || i::text || ')',
      w.surnames[1 + (i * 13 + i / 41) % array_length(w.surnames, 1)] || ' ' ||
        w.initials[1 + (i * 5) % array_length(w.initials, 1)] ||
        CASE WHEN i % 4 = 0
          THEN ', ' || w.surnames[1 + (i * 17 + 3) % array_length(w.surnames, 1)] || ' ' ||
            w.initials[1 + (i * 7 + 1) % array_length(w.initials, 1)]
          ELSE '' END,
      'Книга для нагрузочного теста поиска.',
      40 + (i * 37) % 900,
      c.ids[1 + i % array_length(c.ids, 1)],
      o.id,
      now() - make_interval(mins => i)
    FROM generate_series(${from}, ${target}) AS i,
      (SELECT ${textArray(subjects)} AS subjects, ${textArray(kinds)} AS kinds,
              ${textArray(surnames)} AS surnames, ${textArray(initials)} AS initials) AS w,
      (SELECT array_agg(id ORDER BY id) AS ids FROM library_categories) AS c,
      (SELECT id FROM users WHERE role IN (1, 3) ORDER BY role DESC, id LIMIT 1) AS o
  `);
  // Statistics for the planner, and the visibility map that lets counts read the indexes only.
  await run('VACUUM (ANALYZE) books');
  const total = numberOf((await run('SELECT count(*)::int AS n FROM books')).rows[0]?.n);
  return { before, inserted: total - before, total };
}

/** Search terms the benchmark cycles through: titles and authors, partial words, other letter case, misses. */
export const benchSearchTerms = [
  'анализ',
  'Линейная',
  'ВЕРОЯТНОСТ',
  'python',
  'базы данных',
  'сети',
  'history',
  'Кыргыз',
  'иванов',
  'Токтогулов',
  'KNUTH',
  'tanenbaum',
  'практикум',
  'сборник задач',
  'жогорку',
  'лекций',
  'Осмонова',
  '№ 4711)',
  'молекулярн',
  'право',
  'несуществующая книга',
  'zzqx',
  'Feynman',
  'учебник',
];
