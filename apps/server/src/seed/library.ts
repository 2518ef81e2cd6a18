import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { books } from '../db/schema/library.ts';
import { studentProfiles } from '../db/schema/profiles.ts';
import { umkMaterials } from '../db/schema/umk.ts';
import { registrations } from '../db/schema/university.ts';
import type { Storage } from '../lib/storage.ts';
import { minimalPdf } from './pdf.ts';

type Owner = 'staff' | 'teacher1' | 'teacher2';

/**
 * Demo books (ids 1–7, in this order), each with a one-page PDF. The categories and the kinds of study material come
 * with the migrations (0006_library_catalog): subcategory 1 mathematics, 2 physics, 5 programming, 8 history,
 * 11 literature, 12 economics, 15 textbooks, 16 guidelines, 17 lecture notes.
 */
const demoBooks: {
  name: string;
  author: string;
  description: string;
  pages: number;
  category: number;
  owner: Owner;
  file: string;
  english: string;
}[] = [
  {
    name: 'Высшая математика',
    author: 'Шипачёв В. С.',
    description: 'Учебник по курсу высшей математики для студентов инженерных специальностей.',
    pages: 479,
    category: 1,
    owner: 'staff',
    file: 'Высшая математика.pdf',
    english: 'Higher mathematics - V. S. Shipachev',
  },
  {
    name: 'Курс общей физики. Том 1',
    author: 'Савельев И. В.',
    description: 'Механика, колебания и волны, молекулярная физика.',
    pages: 432,
    category: 2,
    owner: 'staff',
    file: 'Курс общей физики.pdf',
    english: 'A course of general physics, vol. 1 - I. V. Savelyev',
  },
  {
    name: 'Алгоритмы: построение и анализ',
    author: 'Кормен Т., Лейзерсон Ч., Ривест Р., Штайн К.',
    description: 'Классический учебник по алгоритмам и структурам данных.',
    pages: 1296,
    category: 5,
    owner: 'staff',
    file: 'Алгоритмы.pdf',
    english: 'Introduction to algorithms - T. Cormen et al.',
  },
  {
    name: 'Язык программирования C',
    author: 'Керниган Б., Ритчи Д.',
    description: 'Описание языка C его авторами.',
    pages: 288,
    category: 5,
    owner: 'teacher1',
    file: 'Язык программирования C.pdf',
    english: 'The C programming language - B. Kernighan, D. Ritchie',
  },
  {
    name: 'История Кыргызстана',
    author: 'Осмонов О. Дж.',
    description: 'С древнейших времён до наших дней.',
    pages: 560,
    category: 8,
    owner: 'staff',
    file: 'История Кыргызстана.pdf',
    english: 'History of Kyrgyzstan - O. Osmonov',
  },
  {
    name: 'Экономикс',
    author: 'Макконнелл К. Р., Брю С. Л.',
    description: 'Принципы, проблемы и политика.',
    pages: 940,
    category: 12,
    owner: 'teacher2',
    file: 'Экономикс.pdf',
    english: 'Economics - C. McConnell, S. Brue',
  },
  {
    name: 'Манас',
    author: 'Сагынбай Орозбаков',
    description: 'Кыргызский героический эпос.',
    pages: 300,
    category: 11,
    owner: 'staff',
    file: 'Манас.pdf',
    english: 'Manas - the Kyrgyz epic (S. Orozbakov)',
  },
];

function seedKey(area: string, name: string): string {
  return `${area}/${createHash('sha256').update(`seed/${area}/${name}`).digest('hex').slice(0, 32)}`;
}

/**
 * The library's demo books, and three study materials by teacher1 for the disciplines of `groupId` (student1's
 * group): one for all students that is also in the library, one for full-time and one for part-time students.
 * Deterministic for a given `now`; returns the numbers of books and materials.
 */
export async function seedLibrary(
  db: Db,
  storage: Storage,
  people: { teacher1: number; teacher2: number; staff: number; groupId: number },
  now: Date,
): Promise<{ books: number; materials: number }> {
  const ownerId: Record<Owner, number> = { staff: people.staff, teacher1: people.teacher1, teacher2: people.teacher2 };
  for (const [i, book] of demoBooks.entries()) {
    const content = minimalPdf([book.english, '', 'Okuu e-library: a demo document.', `Pages in print: ${book.pages}`]);
    const fileKey = seedKey('library', book.file);
    const fileSize = await storage.put(fileKey, content);
    await db.insert(books).values({
      name: book.name,
      author: book.author,
      description: book.description,
      totalPages: book.pages,
      categoryId: book.category,
      ownerId: ownerId[book.owner],
      fileName: book.file,
      fileKey,
      fileSize,
      createdAt: new Date(now.getTime() - (demoBooks.length - i) * 86_400_000),
    });
  }

  // Study materials for the disciplines the group's students are registered for.
  const members = db
    .select({ id: studentProfiles.userId })
    .from(studentProfiles)
    .where(eq(studentProfiles.groupId, people.groupId));
  const plan = await db
    .selectDistinct({
      disciplineId: registrations.disciplineId,
      semesterId: registrations.semesterId,
      examinationTypeId: registrations.examinationTypeId,
    })
    .from(registrations)
    .where(inArray(registrations.studentId, members))
    .orderBy(asc(registrations.disciplineId), asc(registrations.semesterId), asc(registrations.examinationTypeId));
  if (plan.length === 0) return { books: demoBooks.length, materials: 0 };
  const pick = (i: number) => plan[i % plan.length] as (typeof plan)[number];

  const materials = [
    {
      at: pick(0),
      typeId: 2,
      title: 'Учебное пособие по дисциплине',
      author: 'Кафедра',
      pages: 120,
      annotation: 'Основные понятия, примеры и задачи для самостоятельной работы.',
      audience: 'all' as const,
      file: 'Учебное пособие.pdf',
      content: minimalPdf(['Study guide', '', 'Okuu study materials: a demo document.']),
      libraryCategory: 15,
    },
    {
      at: pick(1),
      typeId: 3,
      title: 'Конспект лекций',
      author: '',
      pages: 48,
      annotation: 'Лекции для студентов очной формы обучения.',
      audience: 'full_time' as const,
      file: 'Конспект лекций.pdf',
      content: minimalPdf(['Lecture notes (full-time students)', '', 'Okuu study materials: a demo document.']),
      libraryCategory: null,
    },
    {
      at: pick(1),
      typeId: 4,
      title: 'Методические указания для заочников',
      author: '',
      pages: 16,
      annotation: 'Задания контрольной работы для студентов заочной формы обучения.',
      audience: 'part_time' as const,
      file: 'Контрольная работа.txt',
      content: Buffer.from('Вариант 1. Задачи 1–5.\nВариант 2. Задачи 6–10.\n', 'utf8'),
      libraryCategory: null,
    },
  ];
  for (const [i, m] of materials.entries()) {
    const fileKey = seedKey('umk', `${i}/${m.file}`);
    const fileSize = await storage.put(fileKey, m.content);
    const createdAt = new Date(now.getTime() - (materials.length - i) * 3_600_000);
    const [row] = await db
      .insert(umkMaterials)
      .values({
        teacherId: people.teacher1,
        typeId: m.typeId,
        title: m.title,
        author: m.author,
        totalPages: m.pages,
        annotation: m.annotation,
        disciplineId: m.at.disciplineId,
        semesterId: m.at.semesterId,
        examinationTypeId: m.at.examinationTypeId,
        audience: m.audience,
        fileName: m.file,
        fileKey,
        fileSize,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: umkMaterials.id });
    if (m.libraryCategory !== null && row) {
      await db.insert(books).values({
        name: m.title,
        author: m.author,
        description: m.annotation,
        totalPages: m.pages,
        categoryId: m.libraryCategory,
        ownerId: people.teacher1,
        fileName: m.file,
        fileKey,
        fileSize,
        umkMaterialId: row.id,
        createdAt,
      });
    }
  }
  return { books: demoBooks.length + 1, materials: materials.length };
}
