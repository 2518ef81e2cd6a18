import type { OpenQuestionnaire } from '@okuu/contracts/questionnaire/answer';
import type { QuestionnaireRow, SurveyQuestionKind } from '@okuu/contracts/questionnaire/manage';
import type { SurveyResults, TargetResult } from '@okuu/contracts/questionnaire/results';
import ExcelJS from 'exceljs';
import { academicYearOf } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import { bishkekDay } from '../../lib/format.ts';
import { validationError } from '../../lib/validation.ts';
import type {
  QuestionnaireRecord,
  QuestionnaireRepository,
  SheetRecord,
  SurveyQuestionRecord,
} from './questionnaire.repository.ts';

export interface QuestionnaireInput {
  id: number;
  title: string;
  description: string;
  target: QuestionnaireRecord['target'];
  year?: number;
  ws?: number;
  audienceId?: number;
  from: string;
  to: string;
  minAnswers: number;
  freeTextReleased: boolean;
  questions: { kind: SurveyQuestionKind; text: string; options: string[] }[];
}

const bishkek = (local: string) => new Date(`${local}:00+06:00`);
const notFound = () => new AppError('not_found', 'There is no such questionnaire.');
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A Fisher–Yates shuffle (crypto-strength order is not needed: the texts carry no order to begin with). */
function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function meanOf(sheets: readonly SheetRecord[], q: SurveyQuestionRecord): number | null {
  const values = sheets.map((s) => s.answers[q.id]).filter((v): v is number => typeof v === 'number');
  return values.length ? round2(values.reduce((a, b) => a + b, 0) / values.length) : null;
}

export function createQuestionnaireService(deps: { repo: QuestionnaireRepository; now: () => Date }) {
  const { repo, now } = deps;

  async function withQuestions(list: QuestionnaireRecord[]): Promise<QuestionnaireRow[]> {
    const questions = await repo.questions(list.map((q) => q.id));
    return list.map((q) => ({
      id: q.id,
      title: q.title,
      description: q.description,
      target: q.target,
      year: q.academicYearId,
      ws: q.halfYearKind,
      audienceId: q.audienceId,
      opensAt: q.opensAt.toISOString(),
      closesAt: q.closesAt.toISOString(),
      minAnswers: q.minAnswers,
      freeTextReleased: q.freeTextReleased,
      answers: q.answers,
      questions: questions
        .filter((x) => x.questionnaireId === q.id)
        .map((x) => ({ id: x.id, kind: x.kind, text: x.text, options: x.options })),
    }));
  }

  /** The targets a student may answer a questionnaire about (teacher 0 and discipline 0 for an audience). */
  async function targetsOf(student: number, q: QuestionnaireRecord) {
    if (q.target === 'teachers')
      return repo.studentTargets(student, q.academicYearId as number, q.halfYearKind as number);
    const place = await repo.studentPlace(student, academicYearOf(now()));
    const fits =
      q.target === 'all' ||
      (q.target === 'faculty' && place?.facultyId === q.audienceId) ||
      (q.target === 'course' && place?.course === q.audienceId);
    return fits ? [{ teacherId: 0, teacher: '', disciplineId: 0, name: '', nameKg: '', nameEn: '' }] : [];
  }

  /**
   * Results per target of a closed questionnaire: only targets with at least `minAnswers` sheets; each question's
   * mean, distribution and count, with the means of the teacher's department and faculty (over their targets that
   * are shown); free texts shuffled when `texts`.
   */
  async function resultsOf(
    q: QuestionnaireRecord,
    opts: { teacher?: number; faculty?: number | null; department?: number | null; texts: 'all' | 'released' },
  ): Promise<SurveyResults> {
    if (now() < q.closesAt) throw new AppError('results_hidden', 'Results show once the questionnaire has closed.');
    await repo.transaction((tx) => tx.mix(q.id, 1, true));
    const [questions, all] = await Promise.all([repo.questions([q.id]), repo.sheets(q.id)]);
    const key = (s: { teacherId: number; disciplineId: number }) => `${s.teacherId}:${s.disciplineId}`;
    const byTarget = new Map<string, SheetRecord[]>();
    for (const s of all) byTarget.set(key(s), [...(byTarget.get(key(s)) ?? []), s]);
    const shownSheets = [...byTarget.values()].filter((list) => list.length >= q.minAnswers).flat();
    const inFilter = (s: SheetRecord) =>
      (opts.faculty == null || s.facultyId === opts.faculty) &&
      (opts.department == null || s.departmentId === opts.department) &&
      (opts.teacher === undefined || s.teacherId === opts.teacher);
    const filtered = all.filter(inFilter);
    if ((opts.faculty != null || opts.department != null) && filtered.length < q.minAnswers)
      throw new AppError('too_few_answers', 'The filter leaves too few answers to show.');
    const groups = [...byTarget.entries()].filter(([, list]) => list.some(inFilter));
    const visible = groups.filter(([, list]) => list.length >= q.minAnswers);
    const [teachers, disciplines] = await repo.names(
      [...new Set(visible.map(([, l]) => (l[0] as SheetRecord).teacherId))],
      [...new Set(visible.map(([, l]) => (l[0] as SheetRecord).disciplineId))],
    );
    const showTexts = opts.texts === 'all' || q.freeTextReleased;
    const targets: TargetResult[] = visible.map(([, list]) => {
      const first = list[0] as SheetRecord;
      const discipline = disciplines.find((d) => d.id === first.disciplineId);
      return {
        id_teacher: first.teacherId,
        teacher: teachers.find((t) => t.id === first.teacherId)?.name ?? '',
        id_discipline: first.disciplineId,
        discipline: {
          name: discipline?.name ?? '',
          nameKg: discipline?.nameKg ?? '',
          nameEn: discipline?.nameEn ?? '',
        },
        answers: list.length,
        questions: questions.map((question) => {
          const values = list.map((s) => s.answers[question.id]).filter((v) => v !== undefined && v !== null);
          const size = question.kind === 'scale' ? 5 : question.options.length;
          const distribution = Array.from({ length: question.kind === 'text' ? 0 : size }, () => 0);
          for (const v of values) {
            const picks = Array.isArray(v) ? v : [v];
            for (const p of picks) {
              const i = question.kind === 'scale' ? Number(p) - 1 : Number(p);
              if (Number.isInteger(i) && i >= 0 && i < distribution.length)
                distribution[i] = (distribution[i] ?? 0) + 1;
            }
          }
          const department =
            first.departmentId === null ? [] : shownSheets.filter((s) => s.departmentId === first.departmentId);
          const faculty = first.facultyId === null ? [] : shownSheets.filter((s) => s.facultyId === first.facultyId);
          return {
            id: question.id,
            kind: question.kind,
            text: question.text,
            count: values.length,
            mean: question.kind === 'scale' ? meanOf(list, question) : null,
            distribution,
            options: question.options,
            departmentMean: question.kind === 'scale' && first.teacherId ? meanOf(department, question) : null,
            facultyMean: question.kind === 'scale' && first.teacherId ? meanOf(faculty, question) : null,
            texts:
              question.kind === 'text' && showTexts
                ? shuffled(values.filter((v): v is string => typeof v === 'string' && v !== ''))
                : [],
          };
        }),
      };
    });
    return {
      id: q.id,
      title: q.title,
      closesAt: q.closesAt.toISOString(),
      minAnswers: q.minAnswers,
      targets,
      hidden: groups.length - visible.length,
    };
  }

  return {
    async list() {
      return withQuestions(await repo.list());
    },

    async save(staff: number, input: QuestionnaireInput) {
      const write = {
        title: input.title,
        description: input.description,
        target: input.target,
        academicYearId: input.target === 'teachers' ? (input.year ?? null) : null,
        halfYearKind: input.target === 'teachers' ? (input.ws ?? null) : null,
        audienceId: input.target === 'faculty' || input.target === 'course' ? (input.audienceId ?? null) : null,
        opensAt: bishkek(input.from),
        closesAt: bishkek(input.to),
        minAnswers: input.minAnswers,
        freeTextReleased: input.freeTextReleased,
      };
      const before = input.id === -1 ? null : await repo.get(input.id);
      if (input.id !== -1 && !before) throw notFound();
      const beforeRow = before ? (await withQuestions([before]))[0] : null;
      const same =
        beforeRow &&
        JSON.stringify(beforeRow.questions.map(({ kind, text, options }) => ({ kind, text, options }))) ===
          JSON.stringify(input.questions);
      if (before && before.answers > 0 && !same)
        throw new AppError('in_use', 'Students have answered: the questions are fixed.');
      if (before && before.answers > 0 && (write.target !== before.target || write.audienceId !== before.audienceId))
        throw validationError([{ path: ['target'], rule: 'invalid_choice', params: { options: before.target } }]);
      const id = await repo.transaction(async (q, change) => {
        const id = input.id === -1 ? await q.insert(write, staff) : input.id;
        if (input.id !== -1) await q.update(id, write);
        if (!same) await q.replaceQuestions(id, input.questions);
        change.audit({
          targetType: 'questionnaire',
          targetId: id,
          targetName: input.title,
          before: beforeRow,
          after: { ...write, questions: input.questions },
        });
        return id;
      });
      return (await withQuestions([(await repo.get(id)) as QuestionnaireRecord]))[0] as QuestionnaireRow;
    },

    async remove(id: number) {
      const before = await repo.get(id);
      if (!before) throw notFound();
      return repo.transaction(async (q, change) => {
        if (!(await q.remove(id))) throw new AppError('in_use', 'Students have answered: it cannot be deleted.');
        change.audit({ targetType: 'questionnaire', targetId: id, targetName: before.title, before });
        return { deleted: true };
      });
    },

    async open(student: number): Promise<OpenQuestionnaire[]> {
      const list = await repo.openNow(now());
      const rows = await withQuestions(list);
      const out: OpenQuestionnaire[] = [];
      for (const q of list) {
        const targets = await targetsOf(student, q);
        if (targets.length === 0) continue;
        const answered = await repo.answeredBy(student, q.id);
        const row = rows.find((r) => r.id === q.id) as QuestionnaireRow;
        out.push({
          id: q.id,
          title: q.title,
          description: q.description,
          closesAt: q.closesAt.toISOString(),
          questions: row.questions,
          targets: targets.map((t) => ({
            id_teacher: t.teacherId,
            teacher: t.teacher,
            id_discipline: t.disciplineId,
            discipline: { name: t.name, nameKg: t.nameKg, nameEn: t.nameEn },
            answered: answered.some((a) => a.teacherId === t.teacherId && a.disciplineId === t.disciplineId),
          })),
        });
      }
      return out;
    },

    async answer(
      student: number,
      input: {
        id: number;
        id_teacher: number;
        id_discipline: number;
        answers: { id_question: number; value: number | number[] | string }[];
      },
    ) {
      const at = now();
      const q = await repo.get(input.id);
      if (!q) throw notFound();
      const targets = await targetsOf(student, q);
      if (!targets.some((t) => t.teacherId === input.id_teacher && t.disciplineId === input.id_discipline))
        throw notFound();
      if (at < q.opensAt || at >= q.closesAt)
        throw new AppError('questionnaire_closed', 'The questionnaire is not open now.');
      const questions = await repo.questions([q.id]);
      const answers: Record<string, unknown> = {};
      for (const [i, a] of input.answers.entries()) {
        const question = questions.find((x) => x.id === a.id_question);
        const v = a.value;
        const ok =
          question &&
          (question.kind === 'scale'
            ? typeof v === 'number' && v >= 1 && v <= 5
            : question.kind === 'single'
              ? typeof v === 'number' && v < question.options.length
              : question.kind === 'multiple'
                ? Array.isArray(v) && v.every((x) => x < question.options.length) && new Set(v).size === v.length
                : typeof v === 'string');
        if (!ok) throw validationError([{ path: ['answers', i, 'value'], rule: 'invalid_type' }]);
        answers[question.id] = v;
      }
      const done = await repo.transaction((tx) =>
        tx.answer({
          questionnaire: q.id,
          teacher: input.id_teacher,
          discipline: input.id_discipline,
          student,
          day: bishkekDay(at),
          answers,
        }),
      );
      if (!done) throw new AppError('already_answered', 'You have answered this questionnaire already.');
      // In a transaction of their own, once a batch waits: this answer's transaction marked its student too.
      await repo.transaction((tx) => tx.mix(q.id, q.minAnswers));
      return { answered: true };
    },

    async results(input: { id: number; id_faculty: number | null; id_department: number | null }) {
      const q = await repo.get(input.id);
      if (!q) throw notFound();
      return resultsOf(q, { faculty: input.id_faculty, department: input.id_department, texts: 'all' });
    },

    async mine(teacher: number) {
      const list = await repo.closedAbout(teacher, now());
      const out: SurveyResults[] = [];
      for (const q of list) out.push(await resultsOf(q, { teacher, texts: 'released' }));
      return out;
    },

    /** The results as XLSX: the questions' fields only. */
    async export(id: number) {
      const q = await repo.get(id);
      if (!q) throw notFound();
      const results = await resultsOf(q, { texts: 'all' });
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Results');
      sheet.addRow(['Teacher', 'Discipline', 'Answers', 'Question', 'Mean', 'Count', 'Distribution']);
      for (const t of results.targets)
        for (const question of t.questions)
          sheet.addRow([
            t.teacher,
            t.discipline.name,
            t.answers,
            question.text,
            question.mean,
            question.count,
            question.distribution.join(' / '),
          ]);
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      return { bytes, name: `questionnaire-${q.id}.xlsx` };
    },
  };
}

export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;
