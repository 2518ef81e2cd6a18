import ExcelJS from 'exceljs';

export type ExportLang = 'ru' | 'kg' | 'en';

/** The workbook's own texts (the server writes them; the web app's catalogues are not at hand here). */
const labels = {
  ru: {
    sheet: 'Попытки',
    questionsSheet: 'Вопросы',
    title: 'Результаты теста',
    maxScore: 'Максимум баллов',
    columns: ['Студент', 'Попытка', 'Начало', 'Конец', 'Минут', 'Баллы', 'Из'],
    question: 'В',
    questionColumns: ['№', 'Вопрос', 'Тип', 'Баллы', 'Выпадал', 'Отвечали', 'Доля баллов'],
    kinds: {
      single: 'один ответ',
      multiple: 'несколько ответов',
      text: 'текст',
      number: 'число',
      matching: 'соответствие',
    },
  },
  kg: {
    sheet: 'Аракеттер',
    questionsSheet: 'Суроолор',
    title: 'Тесттин жыйынтыктары',
    maxScore: 'Эң көп балл',
    columns: ['Студент', 'Аракет', 'Башталышы', 'Аягы', 'Мүнөт', 'Балл', 'Ичинен'],
    question: 'С',
    questionColumns: ['№', 'Суроо', 'Түрү', 'Балл', 'Түштү', 'Жооп берди', 'Баллдын үлүшү'],
    kinds: { single: 'бир жооп', multiple: 'бир нече жооп', text: 'текст', number: 'сан', matching: 'дал келтирүү' },
  },
  en: {
    sheet: 'Attempts',
    questionsSheet: 'Questions',
    title: 'Test results',
    maxScore: 'Maximum score',
    columns: ['Student', 'Attempt', 'Started', 'Closed', 'Minutes', 'Score', 'Out of'],
    question: 'Q',
    questionColumns: ['No.', 'Question', 'Kind', 'Points', 'Drawn', 'Answered', 'Share of points'],
    kinds: {
      single: 'single choice',
      multiple: 'multiple choice',
      text: 'short text',
      number: 'number',
      matching: 'matching',
    },
  },
} as const;

type Kind = keyof (typeof labels)['en']['kinds'];

export interface ResultsSheet {
  title: string;
  maxScore: number;
  attempts: {
    id: number;
    student: string;
    number: number;
    startedAt: Date;
    closedAt: Date | null;
    score: number | null;
    maxScore: number;
  }[];
  questions: {
    id: number;
    kind: Kind;
    text: string;
    points: number;
    drawn: number;
    answered: number;
    share: number | null;
  }[];
  /** Points (not hundredths) of attempt id → question id; absent: not drawn or not answered. */
  points: Map<number, Map<number, number | null>>;
}

/** Bishkek is UTC+6 all year: a moment as the wall-clock date Excel shows (it keeps no time zone). */
const wallClock = (d: Date) => new Date(d.getTime() + 6 * 3600_000);

/**
 * A test's attempts as a workbook, in the way of the grading sheet's export: a heading, then a row per attempt with
 * numbers as numbers (times as Excel dates, minutes and points as numbers), a column per question drawn; a second
 * sheet names the questions behind those columns.
 */
export async function resultsXlsx(r: ResultsSheet, lang: ExportLang): Promise<Buffer> {
  const l = labels[lang];
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(l.sheet);
  ws.addRow([l.title, r.title]).font = { bold: true, size: 14 };
  ws.addRow([l.maxScore, r.maxScore]);
  ws.addRow([]);
  const head = ws.addRow([...l.columns, ...r.questions.map((_, i) => `${l.question}${i + 1}`)]);
  head.font = { bold: true };
  for (const a of r.attempts) {
    const mine = r.points.get(a.id);
    ws.addRow([
      a.student,
      a.number,
      wallClock(a.startedAt),
      a.closedAt ? wallClock(a.closedAt) : null,
      a.closedAt ? Math.round((a.closedAt.getTime() - a.startedAt.getTime()) / 600) / 100 : null,
      a.score,
      a.maxScore,
      ...r.questions.map((q) => mine?.get(q.id) ?? null),
    ]);
  }
  ws.getColumn(1).width = 36;
  for (const c of [3, 4]) {
    ws.getColumn(c).numFmt = 'yyyy-mm-dd hh:mm';
    ws.getColumn(c).width = 18;
  }
  ws.views = [{ state: 'frozen', xSplit: 1, ySplit: 4 }];

  const qs = workbook.addWorksheet(l.questionsSheet);
  qs.addRow([...l.questionColumns]).font = { bold: true };
  r.questions.forEach((q, i) => {
    qs.addRow([`${l.question}${i + 1}`, q.text, l.kinds[q.kind], q.points, q.drawn, q.answered, q.share]);
  });
  qs.getColumn(2).width = 60;
  qs.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  qs.getColumn(7).numFmt = '0%';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
