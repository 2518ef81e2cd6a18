import type { BankQuestion, TeachingDiscipline } from '@okuu/contracts/testing/bank';
import { type BankImportReport, bankFileLimits } from '@okuu/contracts/testing/bank-file';
import { attemptImageUrl, questionImageLimits, questionImageUrl } from '@okuu/contracts/testing/images';
import type { AnswerResponse, AttemptResult, AttemptView, AvailableTest } from '@okuu/contracts/testing/taking';
import { graceSeconds } from '@okuu/contracts/testing/taking';
import type { TestRow } from '@okuu/contracts/testing/tests';
import { AppError } from '../../lib/app-error.ts';
import type { Change } from '../../lib/changes.ts';
import type { UploadedFile } from '../../lib/replies.ts';
import type { Storage } from '../../lib/storage.ts';
import { commitUploads } from '../../lib/uploads.ts';
import { validationError } from '../../lib/validation.ts';
import { sniffImage } from '../chat/chat.files.ts';
import type { FilesService } from '../files/files.service.ts';
import { type BankRowQuestion, checkBankRows, readBankFile } from './testing.bank-file.ts';
import type {
  AnswerRecord,
  AttemptRecord,
  QuestionRow,
  TestingQueries,
  TestingRepository,
  TestRecord,
} from './testing.repository.ts';
import type { ResultsSheet } from './testing.results-export.ts';
import {
  permutation,
  pointsX100,
  type QuestionBody,
  type QuestionInput,
  type QuestionKey,
  type StoredImage,
} from './testing.scoring.ts';

export interface TestInput {
  id: number;
  id_discipline: number;
  title: string;
  audienceKind: 'group' | 'subgroup' | 'stream';
  audienceId: number;
  topics: string[];
  questionIds: number[];
  questionCount: number;
  shuffle: boolean;
  timeLimit: number;
  from: string;
  to: string;
  attempts: number;
  partialCredit: boolean;
  showAnswers: boolean;
  gradingColumn: number | null;
  gradingMode: 'best' | 'last';
}

/** What testing needs of the grading sheet: a discipline's control points, and a score fed to one. */
export interface GradingLink {
  controlPoints: (disciplineId: number) => Promise<{ number: number; max: number }[]>;
  feed: (
    change: Change,
    input: { teacherId: number; studentId: number; disciplineId: number; controlPoint: number; share: number },
  ) => Promise<void>;
}

const notFound = (what: string) => new AppError('not_found', `There is no such ${what}.`);
const points = (x100: number | null) => (x100 === null ? null : x100 / 100);
/** A moment of a datetime-local field, read as Asia/Bishkek time (UTC+6, no daylight saving). */
const bishkek = (local: string) => new Date(`${local}:00+06:00`);

/** A short token of an image's key: its address changes when the image does (browsers may keep the old one). */
const versionOf = (image: StoredImage) => image.key.slice(-8);

/** What is stored of a question as given: the body a student sees (its image kept) and the key of what is correct. */
function storedOf(input: BankRowQuestion, image?: StoredImage): { body: QuestionBody; key: QuestionKey } {
  const body: QuestionBody =
    input.kind === 'single' || input.kind === 'multiple'
      ? { options: input.options }
      : input.kind === 'matching'
        ? { left: input.pairs.map((p) => p.left), right: input.pairs.map((p) => p.right) }
        : {};
  if (image) body.image = image;
  const key: QuestionKey =
    input.kind === 'single' || input.kind === 'multiple'
      ? { correct: [...input.correct].sort((a, b) => a - b) }
      : input.kind === 'text'
        ? { accepted: input.accepted }
        : input.kind === 'number'
          ? { value: input.value as number, tolerance: input.tolerance }
          : {};
  return { body, key };
}

function toBank(q: QuestionRow): BankQuestion {
  const kind = q.kind;
  const image = q.body.image;
  return {
    id: q.id,
    id_discipline: q.disciplineId,
    topic: q.topic,
    kind,
    text: q.text,
    points: q.points,
    options: kind === 'single' || kind === 'multiple' ? (q.body.options ?? []) : [],
    correct: q.key.correct ?? [],
    accepted: q.key.accepted ?? [],
    value: q.key.value ?? null,
    tolerance: kind === 'number' ? (q.key.tolerance ?? 0) : null,
    pairs: (q.body.left ?? []).map((left, i) => ({ left, right: q.body.right?.[i] ?? '' })),
    used: q.used,
    image: image ? { url: questionImageUrl(q.id, versionOf(image)), alt: image.alt } : null,
  };
}

function toTestRow(t: TestRecord): TestRow {
  return {
    id: t.id,
    id_discipline: t.disciplineId,
    discipline: { name: t.name, nameKg: t.nameKg, nameEn: t.nameEn },
    title: t.title,
    audienceKind: t.audienceKind,
    audienceId: t.audienceId,
    audience: t.audience,
    topics: t.topics ?? [],
    questionIds: t.questionIds ?? [],
    questionCount: t.questionCount,
    shuffle: t.shuffle,
    timeLimit: t.timeLimitMin,
    opensAt: t.opensAt.toISOString(),
    closesAt: t.closesAt.toISOString(),
    attempts: t.attemptsAllowed,
    partialCredit: t.partialCredit,
    showAnswers: t.showAnswers,
    gradingColumn: t.gradingColumn,
    gradingMode: t.gradingMode,
    attemptsMade: t.attemptsMade,
    students: t.students,
  };
}

/** A question as a student sees it in an attempt: options and columns in the attempt's order, nothing correct. */
/** `attempt` null: as the test's teacher sees it (the image through the bank's address). */
function shown(q: QuestionRow, seed: number, shuffle: boolean, attempt: number | null) {
  const order = (n: number, salt: number) =>
    shuffle ? permutation(n, (seed ^ Math.imul(q.id, 2654435761) ^ salt) >>> 0) : [...Array(n).keys()];
  const keyed = (list: string[] | undefined, salt: number) =>
    order(list?.length ?? 0, salt).map((key) => ({ key, text: (list as string[])[key] as string }));
  return {
    id: q.id,
    kind: q.kind,
    text: q.text,
    points: q.points,
    options: keyed(q.body.options, 1),
    left: keyed(q.body.left, 2),
    right: keyed(q.body.right, 3),
    image: q.body.image
      ? {
          url:
            attempt === null
              ? questionImageUrl(q.id, versionOf(q.body.image))
              : attemptImageUrl(attempt, q.id, versionOf(q.body.image)),
          alt: q.body.image.alt,
        }
      : null,
  };
}

/** The correct answer as shown after the window: option keys, accepted texts, the number, or right keys per row. */
function correctOf(q: QuestionRow): number[] | string[] | number | null {
  switch (q.kind) {
    case 'single':
    case 'multiple':
      return q.key.correct ?? [];
    case 'text':
      return q.key.accepted ?? [];
    case 'number':
      return q.key.value ?? null;
    case 'matching':
      return (q.body.left ?? []).map((_, i) => i);
  }
}

/** Whether an answer has the shape its question's kind takes. */
function fits(kind: QuestionRow['kind'], response: AnswerResponse): boolean {
  switch (kind) {
    case 'single':
    case 'number':
      return typeof response === 'number';
    case 'text':
      return typeof response === 'string';
    case 'multiple':
    case 'matching':
      return Array.isArray(response);
  }
}

export function createTestingService(deps: {
  repo: TestingRepository;
  now: () => Date;
  grading: GradingLink;
  storage: Storage;
  files: Pick<FilesService, 'checkQuota'>;
}) {
  const { repo, now, grading, storage } = deps;

  /**
   * Gives a student's score of a test to the test's control point of the grading sheet (none: nothing), from the
   * best or the last closed attempt, within the change that scored it.
   */
  async function feed(q: TestingQueries, change: Change, testId: number, studentId: number) {
    const test = await q.test(testId);
    if (!test || test.gradingColumn === null) return;
    const scores = await q.closedScores(testId, studentId);
    const shares = scores.map((a) => (a.maxX100 > 0 ? a.scoreX100 / a.maxX100 : 0));
    const share = test.gradingMode === 'last' ? shares.at(-1) : shares.length ? Math.max(...shares) : undefined;
    if (share === undefined) return;
    await grading.feed(change, {
      teacherId: test.teacherId,
      studentId,
      disciplineId: test.disciplineId,
      controlPoint: test.gradingColumn,
      share,
    });
  }

  /** A stored image's bytes with its type (by its bytes, checked at upload). */
  async function imageFile(image: StoredImage) {
    const file = await storage.get(image.key);
    if (!file) throw notFound('image');
    return { ...file, type: image.type };
  }

  const remaining = (a: AttemptRecord, at: Date) =>
    a.closedAt ? 0 : Math.max(0, Math.floor((a.deadline.getTime() - at.getTime()) / 1000));

  async function ownTest(teacher: number, id: number) {
    const test = await repo.test(id);
    if (!test || test.teacherId !== teacher) throw notFound('test');
    return test;
  }

  async function teaching(teacher: number, discipline: number) {
    if (!(await repo.teaches(teacher, discipline)))
      throw validationError([{ path: ['id_discipline'], rule: 'not_your_discipline' }]);
  }

  /** Scores every answer of an attempt (hand scores kept) and returns the total, in hundredths. */
  async function score(q: TestingQueries, a: AttemptRecord, partial: boolean) {
    const [questions, answers] = await Promise.all([q.questions(a.questionIds), q.answers(a.id)]);
    const byId = new Map(questions.map((x) => [x.id, x]));
    let total = 0;
    for (const ans of answers) {
      const question = byId.get(ans.questionId);
      if (!question) continue;
      const earned =
        ans.manual && ans.pointsX100 !== null ? ans.pointsX100 : pointsX100(question, ans.response, partial);
      if (!ans.manual && earned !== ans.pointsX100) await q.setAnswerPoints(a.id, ans.questionId, earned, false);
      total += earned;
    }
    return total;
  }

  async function viewOf(a: AttemptRecord, at: Date): Promise<AttemptView> {
    const [test, questions, answers] = await Promise.all([
      repo.testBrief(a.testId),
      repo.questions(a.questionIds),
      repo.answers(a.id),
    ]);
    if (!test) throw notFound('attempt');
    const byId = new Map(questions.map((x) => [x.id, x]));
    return {
      id: a.id,
      id_test: a.testId,
      title: test.title,
      number: a.number,
      remainingSeconds: remaining(a, at),
      closed: a.closedAt !== null,
      questions: a.questionIds.flatMap((id) => {
        const q = byId.get(id);
        return q ? [shown(q, a.seed, test.shuffle, a.id)] : [];
      }),
      answers: answers.map((x) => ({ id_question: x.questionId, response: x.response as AnswerResponse })),
    };
  }

  async function resultOf(a: AttemptRecord, withAnswers: boolean, forTeacher = false): Promise<AttemptResult> {
    const test = await repo.test(a.testId);
    if (!test) throw notFound('attempt');
    const [questions, answers] = await Promise.all([repo.questions(a.questionIds), repo.answers(a.id)]);
    const byId = new Map(questions.map((x) => [x.id, x]));
    const answerOf = new Map<number, AnswerRecord>(answers.map((x) => [x.questionId, x]));
    return {
      id: a.id,
      id_test: a.testId,
      title: test.title,
      number: a.number,
      startedAt: a.startedAt.toISOString(),
      closedAt: a.closedAt?.toISOString() ?? null,
      closedBy: a.closedBy,
      score: points(a.scoreX100),
      maxScore: a.maxX100 / 100,
      answersShown: withAnswers,
      questions: a.questionIds.flatMap((id) => {
        const q = byId.get(id);
        if (!q) return [];
        const ans = answerOf.get(id);
        return [
          {
            ...shown(q, a.seed, test.shuffle, forTeacher ? null : a.id),
            response: (ans?.response as AnswerResponse | undefined) ?? null,
            score: a.closedAt ? (points(ans?.pointsX100 ?? null) ?? 0) : null,
            correct: withAnswers ? correctOf(q) : null,
          },
        ];
      }),
    };
  }

  /** Closes an attempt whose deadline has passed, scoring what was saved (inside a change). */
  async function closeAsServer(q: TestingQueries, change: Change, a: AttemptRecord) {
    const total = await score(q, a, await q.partialOf(a.testId));
    await q.closeAttempt(a.id, a.deadline, 'server', total);
    await feed(q, change, a.testId, a.studentId);
  }

  async function ownAttempt(student: number, id: number) {
    const a = await repo.attempt(id);
    if (!a || a.studentId !== student) throw notFound('attempt');
    return a;
  }

  return {
    // The bank.
    async disciplines(teacher: number): Promise<TeachingDiscipline[]> {
      const [list, audiences] = await Promise.all([repo.disciplines(teacher), repo.audiences(teacher)]);
      const points = await Promise.all(list.map((d) => grading.controlPoints(d.id)));
      return list.map((d, i) => ({
        id_discipline: d.id,
        name: d.name,
        nameKg: d.nameKg,
        nameEn: d.nameEn,
        topics: d.topics ?? [],
        questions: d.questions,
        controlPoints: points[i] ?? [],
        audiences: audiences
          .filter((a) => a.disciplineId === d.id)
          .map((a) => ({ kind: a.kind, id: a.id, name: a.name })),
      }));
    },

    async bank(teacher: number, discipline: number) {
      await teaching(teacher, discipline);
      return (await repo.bank(discipline)).map(toBank);
    },

    async saveQuestion(teacher: number, input: QuestionInput) {
      await teaching(teacher, input.id_discipline);
      const fields = { topic: input.topic, kind: input.kind, text: input.text, points: input.points };
      const id = await repo.transaction(async (q) => {
        if (input.id === -1)
          return q.insertQuestion(teacher, { ...fields, ...storedOf(input), disciplineId: input.id_discipline });
        const existing = await q.question(input.id);
        if (!existing || existing.disciplineId !== input.id_discipline) throw notFound('question');
        if (existing.used > 0 && existing.kind !== input.kind)
          throw new AppError('conflict', 'A question some attempt has drawn keeps its kind: make a new one.');
        // The form does not carry the image: it stays as questionImageSave left it.
        await q.updateQuestion(input.id, { ...fields, ...storedOf(input, existing.body.image) });
        return input.id;
      });
      return toBank((await repo.question(id)) as QuestionRow);
    },

    /** The discipline's bank as file rows (an export), in the bank's order. */
    async exportBank(teacher: number, discipline: number): Promise<BankRowQuestion[]> {
      await teaching(teacher, discipline);
      return (await repo.bank(discipline)).map((row) => {
        const { id: _id, id_discipline: _d, used: _u, image: _i, value, ...q } = toBank(row);
        return { ...q, tolerance: q.tolerance ?? 0, ...(value === null ? {} : { value }) };
      });
    },

    /** Adds every question of a bank file in one transaction, or none and every problem found, by row and column. */
    async importBank(teacher: number, discipline: number, file: Buffer): Promise<BankImportReport> {
      await teaching(teacher, discipline);
      const read = await readBankFile(file);
      const { questions, problems } =
        'refused' in read ? { questions: [], problems: [read.refused] } : checkBankRows(read.rows);
      const rows =
        'refused' in read ? 0 : Math.max(0, read.rows.filter((r) => r.cells.some((c) => c.trim())).length - 1);
      if (problems.length)
        return {
          rows,
          imported: 0,
          problemCount: problems.length,
          problems: problems.slice(0, bankFileLimits.problemsShown),
        };
      await repo.transaction(async (q) => {
        for (const input of questions)
          await q.insertQuestion(teacher, {
            disciplineId: discipline,
            topic: input.topic,
            kind: input.kind,
            text: input.text,
            points: input.points,
            ...storedOf(input),
          });
      });
      return { rows, imported: questions.length, problemCount: 0, problems: [] };
    },

    /**
     * Sets, changes the alt text of, or takes away a question's image. A new file must be a png, jpeg, gif or webp
     * by its bytes and within the size limit; it is stored under testing/ and moved there in the transaction that
     * names it; the file it replaces goes after the commit.
     */
    async setImage(teacher: number, input: { id: number; alt: string; remove: boolean }, files: UploadedFile[]) {
      const question = await repo.question(input.id);
      if (!question || !(await repo.teaches(teacher, question.disciplineId))) throw notFound('question');
      const sent = files.filter((f) => f.fileName || f.size > 0);
      if (sent.length > 1) throw validationError([{ path: ['files'], rule: 'too_many', params: { max: 1 } }]);
      const file = input.remove ? undefined : sent[0];
      const current = question.body.image;
      if (!input.remove && !file && !current) throw new AppError('file_required', 'Attach the image.');
      // Every image says what it shows: a student who cannot see it reads the alt text.
      if (!input.remove && input.alt === '') throw validationError([{ path: ['alt'], rule: 'required' }]);
      if (file && file.size > questionImageLimits.maxMb * 1024 * 1024)
        throw new AppError('too_large', `An image may take at most ${questionImageLimits.maxMb} MB.`, {
          maxMb: questionImageLimits.maxMb,
        });
      const type = file ? await sniffImage(file.tempPath) : null;
      if (file && !type)
        throw new AppError('unsupported_type', 'A question image must be a PNG, JPEG, GIF or WebP picture.');
      if (file) await deps.files.checkQuota(teacher, file.size);
      const previous = await commitUploads(
        storage,
        file ? [{ tempPath: file.tempPath, keyPrefix: `testing/${question.disciplineId}` }] : [],
        ([staged], promote) =>
          repo.transaction(async (q, change) => {
            const image: StoredImage | null = input.remove
              ? null
              : staged && type
                ? { key: staged.key, type, size: staged.size, alt: input.alt, by: teacher }
                : { ...(current as StoredImage), alt: input.alt };
            const replaced = await q.setImage(question.id, image);
            await promote(change.tx);
            return replaced !== null && replaced !== image?.key ? replaced : null;
          }),
      );
      if (previous) await storage.delete(previous).catch(() => undefined);
      const after = (await repo.question(question.id)) as QuestionRow;
      return { image: toBank(after).image };
    },

    /** A bank question's image, for the discipline's teachers. */
    async questionImage(teacher: number, id: number) {
      const q = await repo.question(id);
      if (!q?.body.image || !(await repo.teaches(teacher, q.disciplineId))) throw notFound('image');
      return imageFile(q.body.image);
    },

    /** A question's image inside the student's own attempt that drew it: before an attempt there is none to name. */
    async attemptImage(student: number, attemptId: number, questionId: number) {
      const a = await repo.attempt(attemptId);
      if (!a || a.studentId !== student || !a.questionIds.includes(questionId)) throw notFound('image');
      const [q] = await repo.questions([questionId]);
      if (!q?.body.image) throw notFound('image');
      return imageFile(q.body.image);
    },

    async deleteQuestion(teacher: number, id: number) {
      const q = await repo.question(id);
      if (!q || !(await repo.teaches(teacher, q.disciplineId))) throw notFound('question');
      return { deleted: await repo.transaction((tx) => tx.hideQuestion(id, now())) };
    },

    // Tests.
    async tests(teacher: number) {
      return (await repo.tests(teacher)).map(toTestRow);
    },

    async saveTest(teacher: number, input: TestInput) {
      await teaching(teacher, input.id_discipline);
      const audiences = await repo.audiences(teacher);
      if (
        !audiences.some(
          (a) => a.disciplineId === input.id_discipline && a.kind === input.audienceKind && a.id === input.audienceId,
        )
      )
        throw validationError([{ path: ['audienceId'], rule: 'unknown_record' }]);
      const fixed = [...new Set(input.questionIds)];
      if (fixed.length && (await repo.bankHas(input.id_discipline, fixed)) !== fixed.length)
        throw validationError([{ path: ['questionIds'], rule: 'unknown_record' }]);
      const controlPoints = (await grading.controlPoints(input.id_discipline)).length;
      if (input.gradingColumn !== null && input.gradingColumn > controlPoints)
        throw validationError([
          { path: ['gradingColumn'], rule: 'out_of_range', params: { min: 1, max: controlPoints } },
        ]);
      const write = {
        teacherId: teacher,
        disciplineId: input.id_discipline,
        title: input.title,
        audienceKind: input.audienceKind,
        audienceId: input.audienceId,
        topics: fixed.length || input.topics.length === 0 ? null : [...new Set(input.topics)],
        questionIds: fixed.length ? fixed : null,
        questionCount: fixed.length || input.questionCount,
        shuffle: input.shuffle,
        timeLimitMin: input.timeLimit,
        opensAt: bishkek(input.from),
        closesAt: bishkek(input.to),
        attemptsAllowed: input.attempts,
        partialCredit: input.partialCredit,
        showAnswers: input.showAnswers,
        gradingColumn: input.gradingColumn,
        gradingMode: input.gradingMode,
      };
      if (input.id !== -1) await ownTest(teacher, input.id);
      const id = await repo.transaction(async (q) => {
        if (input.id === -1) return q.insertTest(write);
        await q.updateTest(input.id, write);
        return input.id;
      });
      return toTestRow((await repo.test(id)) as TestRecord);
    },

    async deleteTest(teacher: number, id: number) {
      await ownTest(teacher, id);
      const deleted = await repo.transaction((q) => q.deleteTest(id));
      if (!deleted) throw new AppError('in_use', 'Students have started this test: it cannot be deleted.');
      return { deleted };
    },

    // Results.
    async results(teacher: number, id: number) {
      const test = await ownTest(teacher, id);
      const [attempts, answers, drawn] = await Promise.all([
        repo.attemptsOf(id),
        repo.answersOfTest(id),
        repo.drawnOf(id),
      ]);
      const questions = await repo.questions(drawn.map((d) => d.id));
      const drawnCount = new Map(drawn.map((d) => [d.id, d.n]));
      return {
        id: test.id,
        title: test.title,
        maxScore: Math.max(0, ...attempts.map((a) => a.maxX100)) / 100,
        attempts: attempts.map((a) => ({
          id: a.id,
          id_student: a.studentId,
          student: a.student,
          number: a.number,
          startedAt: a.startedAt.toISOString(),
          closedAt: a.closedAt?.toISOString() ?? null,
          closedBy: a.closedBy,
          seconds: a.closedAt ? Math.round((a.closedAt.getTime() - a.startedAt.getTime()) / 1000) : null,
          score: points(a.scoreX100),
          maxScore: a.maxX100 / 100,
          toReview: a.toReview,
        })),
        questions: questions.map((q) => {
          const mine = answers.filter((x) => x.questionId === q.id);
          const scored = mine.filter((x) => x.closed && x.pointsX100 !== null);
          const chosen = new Map<number, number>();
          for (const x of mine) {
            const picks = q.kind === 'single' ? [x.response] : q.kind === 'multiple' ? (x.response as unknown[]) : [];
            for (const p of picks) if (typeof p === 'number') chosen.set(p, (chosen.get(p) ?? 0) + 1);
          }
          return {
            id: q.id,
            kind: q.kind,
            text: q.text,
            points: q.points,
            drawn: drawnCount.get(q.id) ?? 0,
            answered: mine.length,
            share: scored.length
              ? Math.round(
                  (scored.reduce((s, x) => s + (x.pointsX100 ?? 0), 0) / (scored.length * q.points * 100)) * 100,
                ) / 100
              : null,
            options: (q.body.options ?? []).map((text, key) => ({
              key,
              text,
              chosen: chosen.get(key) ?? 0,
              correct: (q.key.correct ?? []).includes(key),
            })),
          };
        }),
      };
    },

    /** The test's attempts with each question's points, for the XLSX export. */
    async resultsSheet(teacher: number, id: number): Promise<ResultsSheet> {
      const [results, answers] = await Promise.all([this.results(teacher, id), repo.answersOfTest(id)]);
      const byAttempt = new Map<number, Map<number, number | null>>();
      for (const x of answers) {
        const mine = byAttempt.get(x.attemptId) ?? new Map<number, number | null>();
        mine.set(x.questionId, x.closed ? (points(x.pointsX100) ?? 0) : null);
        byAttempt.set(x.attemptId, mine);
      }
      return {
        title: results.title,
        maxScore: results.maxScore,
        attempts: results.attempts.map((a) => ({
          id: a.id,
          student: a.student,
          number: a.number,
          startedAt: new Date(a.startedAt),
          closedAt: a.closedAt ? new Date(a.closedAt) : null,
          score: a.score,
          maxScore: a.maxScore,
        })),
        questions: results.questions,
        points: byAttempt,
      };
    },

    async teacherAttempt(teacher: number, id: number) {
      const a = await repo.attempt(id);
      if (!a) throw notFound('attempt');
      await ownTest(teacher, a.testId);
      const student = (await repo.attemptsOf(a.testId)).find((x) => x.id === a.id)?.student ?? '';
      return { ...(await resultOf(a, true, true)), student };
    },

    async rescore(teacher: number, input: { id: number; id_question: number; points: number }) {
      const a = await repo.attempt(input.id);
      if (!a) throw notFound('attempt');
      await ownTest(teacher, a.testId);
      const [q] = await repo.questions([input.id_question]);
      if (!q || !a.questionIds.includes(q.id)) throw notFound('question');
      if (q.kind !== 'text') throw new AppError('conflict', 'Only short-text answers are scored by hand.');
      if (input.points > q.points)
        throw validationError([{ path: ['points'], rule: 'out_of_range', params: { min: 0, max: q.points } }]);
      return repo.transaction(async (tx, change) => {
        const locked = (await tx.attempt(a.id, true)) as AttemptRecord;
        if (!(await tx.setAnswerPoints(a.id, q.id, Math.round(input.points * 100), true))) throw notFound('answer');
        const total = await score(tx, locked, await tx.partialOf(a.testId));
        if (locked.closedAt) {
          await tx.setScore(a.id, total);
          await feed(tx, change, a.testId, a.studentId);
        }
        return { score: total / 100, maxScore: locked.maxX100 / 100 };
      });
    },

    // Taking.
    async myTests(student: number): Promise<AvailableTest[]> {
      const at = now();
      return (await repo.studentTests(student)).map((t) => ({
        id: t.id,
        title: t.title,
        discipline: { name: t.name, nameKg: t.nameKg, nameEn: t.nameEn },
        audienceKind: t.audienceKind,
        questionCount: t.questionCount,
        timeLimit: t.timeLimitMin,
        opensAt: t.opensAt.toISOString(),
        closesAt: t.closesAt.toISOString(),
        state: at < t.opensAt ? 'upcoming' : at < t.closesAt ? 'open' : 'closed',
        attempts: t.attemptsAllowed,
        attemptsMade: t.mine,
        openAttempt: t.openAttempt,
        best: points(t.bestX100),
        maxScore: points(t.maxX100),
        lastAttempt: t.lastAttempt,
      }));
    },

    /** Starts an attempt, or returns the one in progress; an expired one is closed first. */
    async start(student: number, testId: number) {
      const at = now();
      const existing = await repo.openAttemptOf(testId, student);
      if (existing && existing.deadline > at) return viewOf(existing, at);
      if (existing)
        await repo.transaction(async (q, change) => {
          const locked = await q.expiredOf(testId, student, at);
          if (locked) await closeAsServer(q, change, locked);
        });
      // One statement (no transaction around it): it draws the questions and creates the attempt, or nothing.
      const attempt = (await repo.start(testId, student, at)) ?? (await repo.openAttemptOf(testId, student));
      if (attempt) return viewOf(attempt, at);
      const test = await repo.test(testId);
      if (!test || !(await repo.mayTake(testId, student))) throw notFound('test');
      if (at < test.opensAt || at >= test.closesAt) throw new AppError('test_not_open', 'The test is not open now.');
      if ((await repo.attemptsMade(testId, student)) >= test.attemptsAllowed)
        throw new AppError('no_attempts_left', 'Every attempt this test allows has been made.');
      throw new AppError('conflict', 'The test has no questions to draw yet.');
    },

    async attempt(student: number, id: number) {
      return viewOf(await ownAttempt(student, id), now());
    },

    async answer(
      student: number,
      input: { id: number; id_question: number; response: AnswerResponse; givenAt?: string },
    ) {
      const at = now();
      // The attempt and its question's kind in one read (the rush's hot path).
      const a = await repo.attemptForAnswer(input.id, input.id_question);
      if (!a || a.studentId !== student) throw notFound('attempt');
      if (!a.questionIds.includes(input.id_question)) throw notFound('question');
      const q = { id: input.id_question, kind: a.questionKind };
      if (!q.kind || !fits(q.kind, input.response))
        throw validationError([{ path: ['response'], rule: 'invalid_type' }]);
      if (a.closedBy === 'student') throw new AppError('attempt_closed', 'The attempt has been submitted.');
      // When it was given, as the phone says: trusted only as far back as the grace, never ahead of the server.
      const claimed = input.givenAt ? new Date(input.givenAt).getTime() : at.getTime();
      const given = new Date(Math.min(at.getTime(), Math.max(claimed, at.getTime() - graceSeconds * 1000)));
      const row = { attempt: a.id, student, question: q.id, response: input.response, given, now: at, graceSeconds };
      // The usual save is one statement of its own (the rush's hot path): no transaction around it.
      const saved =
        a.closedBy !== 'server'
          ? await repo.saveAnswer(row)
          : await repo.transaction(async (tx, change) => {
              const ok = await tx.saveAnswer(row);
              // A late answer to an attempt the server has already closed: its score follows.
              if (ok && a.closedBy === 'server') {
                const locked = (await tx.attempt(a.id, true)) as AttemptRecord;
                await tx.setScore(a.id, await score(tx, locked, await tx.partialOf(a.testId)));
                await feed(tx, change, a.testId, a.studentId);
              }
              return ok;
            });
      if (!saved) {
        const latest = await repo.attempt(a.id);
        if (latest?.closedBy === 'student') throw new AppError('attempt_closed', 'The attempt has been submitted.');
        throw new AppError('deadline_passed', 'The answer came after the deadline.');
      }
      return { saved: true, remainingSeconds: remaining(a, at) };
    },

    /** Submits once: the first submit scores and closes; any other returns the closed attempt unchanged. */
    async submit(student: number, id: number) {
      await ownAttempt(student, id);
      const at = now();
      await repo.transaction(async (q, change) => {
        const a = (await q.attempt(id, true)) as AttemptRecord;
        if (a.closedAt) return;
        const total = await score(q, a, await q.partialOf(a.testId));
        await q.closeAttempt(a.id, new Date(Math.min(at.getTime(), a.deadline.getTime())), 'student', total);
        await feed(q, change, a.testId, a.studentId);
      });
      return resultOf((await repo.attempt(id)) as AttemptRecord, false);
    },

    async review(student: number, id: number) {
      const a = await ownAttempt(student, id);
      if (!a.closedAt) throw new AppError('conflict', 'The attempt is still in progress.');
      const test = (await repo.test(a.testId)) as TestRecord;
      return resultOf(a, test.showAnswers && now() >= test.closesAt);
    },

    /** Housekeeping: closes open attempts past their deadline, scoring what was saved. Returns how many. */
    async closeExpired() {
      let closed = 0;
      for (;;) {
        const n = await repo.transaction(async (q, change) => {
          const batch = await q.expired(now(), 100);
          for (const a of batch) await closeAsServer(q, change, a);
          return batch.length;
        });
        closed += n;
        if (n < 100) return closed;
      }
    },
  };
}

export type TestingService = ReturnType<typeof createTestingService>;
