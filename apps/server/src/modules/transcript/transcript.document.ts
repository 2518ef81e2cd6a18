import type { DocumentLanguage, Transcript } from '@okuu/contracts/transcript/transcript';
import { bishkekDay, formatDay, formatNumber } from '../../lib/format.ts';
import { type DocumentDefinition, renderPdf } from '../../lib/pdf.ts';

// The transcript as a PDF in one of the portal's languages: the discipline names and the labels in that language
// (the document's own texts, kept here beside the layout they belong to).

interface Labels {
  title: string;
  student: string;
  birthDate: string;
  faculty: string;
  speciality: string;
  group: string;
  studyForm: string;
  forms: Record<'full_time' | 'part_time', string>;
  halfYears: Record<number, string>;
  columns: [string, string, string, string, string, string, string];
  semesterTotal: string;
  yearTotal: string;
  overall: string;
  credits: string;
  gpa: string;
  none: string;
  dean: string;
  signature: string;
  issued: string;
  scale: string;
}

const labels: Record<DocumentLanguage, Labels> = {
  ru: {
    title: 'ТРАНСКРИПТ',
    student: 'Студент',
    birthDate: 'Дата рождения',
    faculty: 'Факультет',
    speciality: 'Направление (специальность)',
    group: 'Группа',
    studyForm: 'Форма обучения',
    forms: { full_time: 'очная', part_time: 'заочная' },
    halfYears: { 1: 'осенний семестр', 2: 'весенний семестр', 3: 'летний семестр' },
    columns: ['№', 'Код', 'Дисциплина', 'Кредиты', 'Баллы', 'Оценка', 'Числ. экв.'],
    semesterTotal: 'Итого за семестр',
    yearTotal: 'Итого за учебный год',
    overall: 'Итого за весь период обучения',
    credits: 'кредитов',
    gpa: 'GPA',
    none: 'Итоговых оценок пока нет.',
    dean: 'Декан факультета',
    signature: '(подпись)',
    issued: 'Дата выдачи',
    scale: 'Шкала оценок',
  },
  kg: {
    title: 'ТРАНСКРИПТ',
    student: 'Студент',
    birthDate: 'Туулган күнү',
    faculty: 'Факультет',
    speciality: 'Багыт (адистик)',
    group: 'Топ',
    studyForm: 'Окуу формасы',
    forms: { full_time: 'күндүзгү', part_time: 'сырттан' },
    halfYears: { 1: 'күзгү семестр', 2: 'жазгы семестр', 3: 'жайкы семестр' },
    columns: ['№', 'Коду', 'Сабак', 'Кредит', 'Упай', 'Баа', 'Сан. теңдеш'],
    semesterTotal: 'Семестр боюнча жыйынтык',
    yearTotal: 'Окуу жылы боюнча жыйынтык',
    overall: 'Бүткүл окуу мөөнөтү боюнча жыйынтык',
    credits: 'кредит',
    gpa: 'GPA',
    none: 'Жыйынтыктоочу баалар азырынча жок.',
    dean: 'Факультеттин деканы',
    signature: '(колу)',
    issued: 'Берилген күнү',
    scale: 'Баалоо шкаласы (упай, тамга, сандык теңдеши)',
  },
  en: {
    title: 'TRANSCRIPT OF RECORDS',
    student: 'Student',
    birthDate: 'Date of birth',
    faculty: 'Faculty',
    speciality: 'Programme (speciality)',
    group: 'Group',
    studyForm: 'Form of study',
    forms: { full_time: 'full-time', part_time: 'part-time' },
    halfYears: { 1: 'fall semester', 2: 'spring semester', 3: 'summer semester' },
    columns: ['No.', 'Code', 'Course', 'Credits', 'Points', 'Grade', 'Grade pts'],
    semesterTotal: 'Semester total',
    yearTotal: 'Academic year total',
    overall: 'Total for the whole period of study',
    credits: 'credits',
    gpa: 'GPA',
    none: 'No final grades yet.',
    dean: 'Dean of the faculty',
    signature: '(signature)',
    issued: 'Date of issue',
    scale: 'Grading scale',
  },
};

const nameField = { ru: 'name', kg: 'nameKg', en: 'nameEn' } as const;

/** A name in three languages, in the document's ('' where missing: the Russian one). */
export type Named = { name: string; nameKg: string; nameEn: string };

function named(record: Named, language: DocumentLanguage): string {
  return record[nameField[language]] || record.name;
}

/**
 * The transcript in `language`, throughout: the labels, the disciplines, the faculty, the institution's name, and
 * numbers and dates as that language writes them. Columns are as wide as their longest word, so no heading breaks
 * inside a word ("Кредит/ы").
 */
export function transcriptPdf(transcript: Transcript, language: DocumentLanguage, institution: Named): Promise<Buffer> {
  const l = labels[language];
  const { student } = transcript;
  const decimal = (value: number) => formatNumber(value, language, 2);
  const gpaText = (value: number | null) => (value === null ? '—' : decimal(value));
  const institutionName = named(institution, language);

  const header: [string, string][] = [
    [l.student, student.fullName],
    [l.birthDate, student.birthDate ? formatDay(student.birthDate, language) : '—'],
    [l.faculty, named(student.faculty, language)],
    [l.speciality, `${student.speciality.code} ${named(student.speciality, language)}`],
    [l.group, student.group],
    [l.studyForm, l.forms[student.studyForm]],
  ];

  const tables: unknown[] = [];
  for (const year of transcript.years) {
    for (const half of year.semesters) {
      tables.push({
        text: `${year.name}, ${l.halfYears[half.ws_sort] ?? ''} (${named(half.semester, language)})`,
        bold: true,
        margin: [0, 10, 0, 4],
      });
      const head = l.columns.map((text) => ({ text, bold: true, fillColor: '#eeeeee' }));
      const body = half.rows.map((row, i) => [
        String(i + 1),
        row.code_discipline,
        named(row, language),
        { text: String(row.kredits), alignment: 'right' },
        { text: String(row.points), alignment: 'right' },
        { text: row.ekv_bukv, alignment: 'center' },
        { text: decimal(row.ekv_num), alignment: 'right' },
      ]);
      const total = [
        { text: l.semesterTotal, colSpan: 3, bold: true },
        {},
        {},
        { text: String(half.kredits_sum), alignment: 'right', bold: true },
        { text: `${l.gpa}: ${gpaText(half.kredits_avg)}`, colSpan: 3, alignment: 'right', bold: true },
        {},
        {},
      ];
      tables.push({
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['auto', 'auto', '*', 'auto', 'auto', 'auto', 'auto'],
          body: [head, ...body, total],
        },
        layout: 'lightHorizontalLines',
        fontSize: 8.5,
      });
    }
    tables.push({
      text: `${l.yearTotal} ${year.name}: ${year.kredits_sum} ${l.credits}, ${l.gpa} ${gpaText(year.kredits_avg)}`,
      color: '#333333',
      fontSize: 9,
      margin: [0, 4, 0, 0],
    });
  }

  const definition: DocumentDefinition = {
    info: { title: `${l.title}: ${student.fullName}`, author: institutionName },
    pageMargins: [40, 40, 40, 48],
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'center',
      fontSize: 8,
      margin: [0, 16, 0, 0],
    }),
    content: [
      { text: institutionName, alignment: 'center', bold: true, fontSize: 12 },
      { text: l.title, alignment: 'center', bold: true, fontSize: 15, margin: [0, 6, 0, 12] },
      {
        table: { widths: [150, '*'], body: header.map(([label, value]) => [{ text: label, bold: true }, value]) },
        layout: 'noBorders',
        margin: [0, 0, 0, 6],
      },
      ...(tables.length ? tables : [{ text: l.none, color: '#333333', margin: [0, 12, 0, 0] }]),
      {
        text: `${l.overall}: ${transcript.kredits_sum} ${l.credits}, ${l.gpa} ${gpaText(transcript.kredits_avg)}`,
        bold: true,
        margin: [0, 14, 0, 8],
      },
      {
        text: `${l.scale}: ${transcript.scale.map((b) => `${b.letter} ${b.minPoints}–${b.maxPoints} = ${decimal(b.numeric)}`).join('; ')}`,
        fontSize: 7.5,
        color: '#444444',
        margin: [0, 0, 0, 28],
      },
      {
        unbreakable: true,
        columns: [
          { text: `${l.dean}\n${named(student.faculty, language)}`, width: '*' },
          { text: `____________________\n${l.signature}`, width: 150, alignment: 'center' },
          { text: `${l.issued}\n${formatDay(bishkekDay(), language)}`, width: 100, alignment: 'right' },
        ],
      },
    ],
  };
  return renderPdf(definition);
}
