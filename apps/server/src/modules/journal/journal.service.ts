import type { GroupType, Journal, JournalKey, LessonKey } from '@okuu/contracts/journal/common';
import type { ValidationIssue } from '@okuu/contracts/messages';
import { bishkekDay, weekdayOf, weekOfHalfYear } from '@okuu/contracts/schedule/weeks';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { Change } from '../../lib/changes.ts';
import { JsonReply } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import { validationError } from '../../lib/validation.ts';
import type { AssessmentRow, JournalQueries, JournalRef, JournalRepository, LessonRef } from './journal.repository.ts';
import { totalsOf } from './journal.totals.ts';

type Period = { year?: number; ws?: number };
const studyForms = ['full_time', 'part_time'] as const;
/** The '+' mark (present, no grade): what 'all present' gives by default. */
const presentCode = '+';

const named = (r: { name: string; nameKg: string; nameEn: string }) => ({
  name: r.name,
  nameKg: r.nameKg,
  nameEn: r.nameEn,
});

const refused = (issues: ValidationIssue[]) => validationError(issues);

export function createJournalService(deps: {
  repo: JournalRepository;
  halfYearOf: (input: Period) => Promise<HalfYear>;
}) {
  const { repo } = deps;
  // A journal's table is kept ready a minute (a teacher reopening it, a class's students reloading theirs), and so is
  // whether a teacher keeps it; any change to journals, topics or subgroups (topic `journal`) drops them.
  const tables = createChangeCache<{ data: Journal; reply: JsonReply<Journal> }>({ ttlMs: 60_000, maxEntries: 2_000 });
  const keeps = createChangeCache<boolean>({ ttlMs: 60_000, maxEntries: 20_000 });
  const forget = () => {
    tables.clear();
    keeps.clear();
  };
  /** Runs journal writes in one transaction that announces `journal`. */
  const write = <T>(fn: (q: JournalQueries) => Promise<T>): Promise<T> =>
    repo.transaction(async (q, change) => {
      const result = await fn(q);
      change.announce('journal');
      return result;
    });
  // The scale is reference data (migration 0019): kept a minute.
  const scaleCache = createChangeCache<AssessmentRow[]>({ ttlMs: 60_000, maxEntries: 1 });
  const scale = () => scaleCache.get('all', () => repo.assessments());
  const scaleMap = async () => new Map((await scale()).map((a) => [a.id, a]));

  /** The half-year of a call and the journal it names; the teacher must keep it (403 otherwise). */
  async function openJournal(user: AuthUser, key: JournalKey): Promise<{ period: HalfYear; ref: JournalRef }> {
    const period = await deps.halfYearOf(key);
    const ref: JournalRef = {
      year: period.year,
      ws: period.ws,
      disciplineId: key.id_discipline,
      kindId: key.id_vid_zaniatiy,
      groupType: key.groupType,
      audienceId: key.id_group,
    };
    const refKey = `${user.id}/${ref.year}/${ref.ws}/${ref.disciplineId}/${ref.kindId}/${ref.groupType}/${ref.audienceId}`;
    if (!(await keeps.get(refKey, () => repo.teaches(user.id, ref)))) {
      throw new AppError('forbidden', 'You do not teach this discipline and lesson kind to this audience.');
    }
    return { period, ref };
  }

  /** The same for a lesson: its date must be in the half-year and its slot one of the bell schedule (400 otherwise). */
  async function openLesson(user: AuthUser, key: LessonKey): Promise<{ period: HalfYear; ref: LessonRef }> {
    const { period, ref } = await openJournal(user, key);
    const issues: ValidationIssue[] = [];
    if (key.visitDate < period.startsOn || key.visitDate > period.endsOn) {
      issues.push({
        path: ['visitDate'],
        rule: 'outside_half_year',
        params: { from: period.startsOn, to: period.endsOn },
      });
    }
    if (!(await repo.timeSlotExists(key.id_time))) issues.push({ path: ['id_time'], rule: 'unknown_record' });
    if (issues.length) throw refused(issues);
    return { period, ref: { ...ref, visitDate: key.visitDate, timeSlotId: key.id_time, timesCount: key.timesCount } };
  }

  async function assessmentOf(id: number | null | undefined, path: string): Promise<AssessmentRow | null> {
    if (id === null || id === undefined) return null;
    const found = (await scale()).find((a) => a.id === id);
    if (!found) throw refused([{ path: [path], rule: 'unknown_record' }]);
    return found;
  }

  async function ensureStudent(ref: JournalRef, studentId: number) {
    const students = await repo.students(ref.groupType, ref.audienceId);
    if (!students.some((s) => s.id === studentId)) throw refused([{ path: ['id_student'], rule: 'not_in_journal' }]);
  }

  /** Sets or clears a cell, and answers with the student's new totals. */
  async function saveMark(
    user: AuthUser,
    ref: LessonRef,
    lessonId: number | null,
    studentId: number,
    markId: number | null,
  ) {
    const mark = await assessmentOf(markId, 'id_otsenka');
    const marks = await scaleMap();
    return write(async (q) => {
      const lesson = lessonId ?? (await q.ensureLesson(ref, user.id));
      let visitId: number | null = null;
      if (mark) visitId = await q.putMark(lesson, studentId, mark.id, user.id);
      else await q.clearMark(lesson, studentId);
      const totals = totalsOf(await q.studentMarks(lesson, studentId), marks);
      return {
        id_lesson: lesson,
        id_student: studentId,
        id_studentJournalVisit: visitId,
        id_otsenka: mark?.id ?? null,
        ...totals,
      };
    });
  }

  /** A group the teacher teaches in the half-year (404 when there is none, 403 when not theirs). */
  async function ownGroup(user: AuthUser, groupId: number, input: Period) {
    const period = await deps.halfYearOf(input);
    if (!(await repo.groupExists(groupId))) throw new AppError('not_found', 'There is no such group.');
    if (!(await repo.teachesGroup(user.id, groupId, period.year, period.ws))) {
      throw new AppError('forbidden', 'You do not teach this group in this half-year.');
    }
    return period;
  }

  /** A journal's table, kept ready (see `tables`): the data and its encoded reply. */
  async function journalTable(user: AuthUser, key: JournalKey) {
    const { period, ref } = await openJournal(user, key);
    const cacheKey = `${ref.year}/${ref.ws}/${ref.disciplineId}/${ref.kindId}/${ref.groupType}/${ref.audienceId}`;
    return tables.get(cacheKey, async () => {
      const data = await loadJournal(period, ref);
      return { data, reply: new JsonReply(data) };
    });
  }

  /** Today's lessons of a journal in the timetable, by slot (none outside its half-year). */
  async function todaysEntries(
    period: HalfYear,
    ref: JournalRef,
  ): Promise<{ date: string; bySlot: Map<number, number> }> {
    const today = bishkekDay(new Date());
    if (today.date < period.startsOn || today.date > period.endsOn) return { date: today.date, bySlot: new Map() };
    const { parity } = weekOfHalfYear(today.date, period.startsOn);
    const entries = await repo.entriesOn(ref, today.weekday, parity);
    return { date: today.date, bySlot: new Map(entries.map((e) => [e.timeSlotId, e.id])) };
  }

  async function loadJournal(period: HalfYear, ref: JournalRef): Promise<Journal> {
    const [audience, discipline, kind, students, lessons, marks, marksScale, today] = await Promise.all([
      repo.audience(ref.groupType, ref.audienceId),
      repo.named('disciplines', ref.disciplineId),
      repo.named('lesson_kinds', ref.kindId),
      repo.students(ref.groupType, ref.audienceId),
      repo.lessons(ref),
      repo.marks(ref),
      scaleMap(),
      todaysEntries(period, ref),
    ]);
    if (!audience || !discipline || !kind) throw new AppError('not_found', 'There is no such journal.');
    const column = new Map(lessons.map((l, i) => [l.id, i]));
    const rowOf = new Map(
      students.map((s) => [
        s.id,
        {
          otsenka: new Array<number | null>(lessons.length).fill(null),
          visits: new Array<number | null>(lessons.length).fill(null),
        },
      ]),
    );
    for (const m of marks) {
      const row = rowOf.get(m.studentId);
      const i = column.get(m.lessonId);
      // A mark of a student who has since left the audience stays stored but is not shown.
      if (!row || i === undefined) continue;
      row.otsenka[i] = m.assessmentId;
      row.visits[i] = m.id;
    }
    return {
      year: period.year,
      ws: period.ws,
      startsOn: period.startsOn,
      endsOn: period.endsOn,
      discipline: named(discipline),
      lessonKind: named(kind),
      groupType: ref.groupType,
      id_group: ref.audienceId,
      groupName: audience.name,
      groups: audience.groups,
      dates: lessons.map((l) => ({
        id_lesson: l.id,
        visitDate: l.visitDate,
        id_time: l.timeSlotId,
        number: l.number,
        start: l.start,
        end: l.end,
        timesCount: l.timesCount,
        id_tema: l.topicId,
        tema: l.topic,
        id_shed: l.visitDate === today.date ? (today.bySlot.get(l.timeSlotId) ?? null) : null,
      })),
      rows: students.map((s) => {
        const row = rowOf.get(s.id) as { otsenka: (number | null)[]; visits: (number | null)[] };
        return {
          id_student: s.id,
          s_fio: s.name,
          otsenka: row.otsenka,
          id_studentJournalVisit: row.visits,
          ...totalsOf(row.otsenka, marksScale),
        };
      }),
    };
  }

  return {
    forget,

    /** Students' attendance in every journal of a discipline in a half-year (absences, points), for the grading sheet. */
    attendance: (year: number, ws: number, disciplineId: number, studentIds: number[]) =>
      repo.attendance(year, ws, disciplineId, studentIds),

    /** The lessons each teacher recorded in each journal of a half-year (a teacher's, or all): the workload's hours given. */
    lessonCounts: (year: number, ws: number, teacherId: number | null) => repo.lessonCounts(year, ws, teacherId),

    /** Whether a student belongs to an audience (a group, a subgroup or a stream). */
    inAudience: (groupType: GroupType, audienceId: number, studentId: number) =>
      repo.inAudience(groupType, audienceId, studentId),

    /** Marks a student present at a lesson (QR check-in) within the caller's change; the lesson is made if need be. */
    async markPresent(change: Change, ref: LessonRef, studentId: number, by: number): Promise<void> {
      const q = repo.within(change);
      // Read on the change's own connection (PGlite has one: a read outside it would wait for the change to end).
      const present = (await scaleCache.get('all', () => q.assessments())).find((a) => a.code === presentCode);
      if (!present) throw new Error("The assessment scale has no '+' (present)");
      await q.putMark(await q.ensureLesson(ref, by), studentId, present.id, by);
    },
    /** The table as the endpoint sends it (encoded once while kept). */
    journalReply: async (user: AuthUser, key: JournalKey) => (await journalTable(user, key)).reply,
    journal: async (user: AuthUser, key: JournalKey) => (await journalTable(user, key)).data,
    assessments: async () =>
      (await scale()).map((a) => ({ id_otsenka: a.id, code: a.code, points: a.points, isAbsence: a.isAbsence })),

    async lessonKinds(user: AuthUser, input: Period & { id_discipline: number | null }) {
      const period = await deps.halfYearOf(input);
      const kinds = (await repo.assignments(user.id, period.year, period.ws))
        .filter((a) => input.id_discipline === null || a.disciplineId === input.id_discipline)
        .map((a) => a.kindId);
      return (await repo.lessonKinds([...new Set(kinds)])).map((k) => ({ id_vid_zaniatiy: k.id, ...named(k) }));
    },

    async studyForms(user: AuthUser, input: Period) {
      const period = await deps.halfYearOf(input);
      const forms = await repo.studyForms(user.id, period.year, period.ws);
      return studyForms.map((code, i) => ({ id_f_educ: i + 1, code })).filter((f) => forms.includes(f.code));
    },

    async disciplines(user: AuthUser, input: Period & { id_f_educ: number | null }) {
      const period = await deps.halfYearOf(input);
      const form = input.id_f_educ === null ? null : (studyForms[input.id_f_educ - 1] ?? 'none');
      return (await repo.disciplines(user.id, period.year, period.ws, form)).map((d) => ({
        id_discipline: d.id,
        code: d.code,
        ...named(d),
        kredits: d.credits,
        id_semester: d.semesterId,
      }));
    },

    async audiences(
      user: AuthUser,
      input: Period & { id_discipline: number; id_vid_zaniatiy: number | null; groupType?: GroupType },
    ) {
      const period = await deps.halfYearOf(input);
      const found = await repo.audiences(user.id, period.year, period.ws, input.id_discipline);
      const byKey = new Map<
        string,
        { groupType: GroupType; id_group: number; name: string; students: number; kinds: number[] }
      >();
      for (const a of found) {
        if (input.id_vid_zaniatiy !== null && a.kindId !== input.id_vid_zaniatiy) continue;
        if (input.groupType && a.groupType !== input.groupType) continue;
        const key = `${a.groupType}/${a.id}`;
        const entry = byKey.get(key) ?? {
          groupType: a.groupType,
          id_group: a.id,
          name: a.name,
          students: a.students,
          kinds: [],
        };
        if (!entry.kinds.includes(a.kindId)) entry.kinds.push(a.kindId);
        byKey.set(key, entry);
      }
      return [...byKey.values()];
    },

    async timeSlots(user: AuthUser, input: Period & { visitDate?: string; id_discipline: number | null }) {
      const period = await deps.halfYearOf(input);
      const slots = await repo.timeSlots();
      let scheduled: number[] = [];
      if (input.visitDate) {
        const weekday = weekdayOf(input.visitDate);
        const { parity } = weekOfHalfYear(input.visitDate, period.startsOn);
        scheduled = await repo.scheduledSlots(user.id, period.year, period.ws, weekday, parity, input.id_discipline);
      }
      return {
        timeSlots: slots.map((s) => ({ id_time: s.id, number: s.number, start: s.start, end: s.end })),
        scheduled,
      };
    },

    async students(user: AuthUser, key: JournalKey) {
      const { ref } = await openJournal(user, key);
      return (await repo.students(ref.groupType, ref.audienceId)).map((s) => ({ id_student: s.id, s_fio: s.name }));
    },

    /** The students QR check-in accepted for the lesson, with when (the first acceptance). */
    async qrStudents(user: AuthUser, key: LessonKey) {
      const { ref } = await openLesson(user, key);
      return (await repo.qrCheckins(ref)).map((s) => ({
        id_student: s.id,
        s_fio: s.name,
        checkedAt: new Date(s.checkedAt).toISOString(),
      }));
    },

    async subgroupStudents(user: AuthUser, input: Period & { id_group: number; id_subgroup: number }) {
      await ownGroup(user, input.id_group, input);
      const subgroupId = input.id_subgroup === -1 ? null : input.id_subgroup;
      const subgroup = subgroupId === null ? null : await repo.subgroup(subgroupId);
      if (subgroupId !== null && subgroup?.groupId !== input.id_group) {
        throw refused([{ path: ['id_subgroup'], rule: 'unknown_record' }]);
      }
      const [students, members, subgroups] = await Promise.all([
        repo.students('group', input.id_group),
        subgroupId === null ? Promise.resolve([]) : repo.subgroupMembers(subgroupId),
        repo.groupSubgroups(input.id_group),
      ]);
      return {
        id_subgroup: subgroupId,
        name: subgroup?.name ?? '',
        subgroups: subgroups.map((s) => ({ id_subgroup: s.id, name: s.name, students: s.students })),
        students: students.map((s) => ({ id_student: s.id, s_fio: s.name, member: members.includes(s.id) })),
      };
    },

    async saveSubgroup(
      user: AuthUser,
      input: Period & { id_group: number; id_subgroup: number; name: string; students: number[] },
    ) {
      await ownGroup(user, input.id_group, input);
      const subgroupId = input.id_subgroup === -1 ? null : input.id_subgroup;
      if (subgroupId !== null && (await repo.subgroup(subgroupId))?.groupId !== input.id_group) {
        throw refused([{ path: ['id_subgroup'], rule: 'unknown_record' }]);
      }
      const ofGroup = new Set((await repo.students('group', input.id_group)).map((s) => s.id));
      const chosen = [...new Set(input.students)];
      const strangers = input.students.flatMap((id, i) => (ofGroup.has(id) ? [] : [i]));
      if (strangers.length) {
        throw refused(strangers.map((i) => ({ path: ['students', i], rule: 'not_in_group' as const })));
      }
      const id = await write((q) => q.saveSubgroup(input.id_group, subgroupId, input.name, chosen));
      return { id_subgroup: id, name: input.name, students: chosen.length };
    },

    async removeStudent(user: AuthUser, input: Period & { id_subgroup: number; id_student: number }) {
      const subgroup = await repo.subgroup(input.id_subgroup);
      if (!subgroup) throw new AppError('not_found', 'There is no such subgroup.');
      await ownGroup(user, subgroup.groupId, input);
      return { removed: await write((q) => q.removeMember(input.id_subgroup, input.id_student)) };
    },

    async markUpdate(user: AuthUser, input: Period & { id_studentJournalVisit: number; id_otsenka: number | null }) {
      const found = await repo.markById(input.id_studentJournalVisit);
      if (!found) throw new AppError('not_found', 'There is no such mark.');
      const ref: LessonRef = found;
      await openJournal(user, {
        year: ref.year,
        ws: ref.ws,
        id_discipline: ref.disciplineId,
        id_vid_zaniatiy: ref.kindId,
        groupType: ref.groupType,
        id_group: ref.audienceId,
      });
      return saveMark(user, ref, found.lessonId, found.studentId, input.id_otsenka);
    },

    async markSave(user: AuthUser, input: LessonKey & { id_student: number; id_otsenka: number | null }) {
      const { ref } = await openLesson(user, input);
      await ensureStudent(ref, input.id_student);
      return saveMark(user, ref, null, input.id_student, input.id_otsenka);
    },

    async allPresent(user: AuthUser, input: LessonKey & { id_otsenka?: number }) {
      const { ref } = await openLesson(user, input);
      const mark =
        (await assessmentOf(input.id_otsenka, 'id_otsenka')) ??
        ((await scale()).find((a) => a.code === presentCode) as AssessmentRow);
      return write(async (q) => {
        const lesson = await q.ensureLesson(ref, user.id);
        return { id_lesson: lesson, inserted: await q.markAll(lesson, ref, mark.id, user.id) };
      });
    },

    /**
     * Which of these timetable lessons have a journal lesson on their day (same discipline, kind and audience): the
     * keys '<discipline>/<kind>/<audience kind>:<audience id>/<date>' found.
     */
    async recordedDays(
      lessons: { date: string; disciplineId: number; kindId: number; audience: { kind: string; id: number } }[],
    ): Promise<Set<string>> {
      if (lessons.length === 0) return new Set();
      const dates = lessons.map((l) => l.date).sort();
      const found = await repo.recordedDays(
        [...new Set(lessons.map((l) => l.disciplineId))],
        dates[0] as string,
        dates.at(-1) as string,
      );
      return new Set(found.map((r) => `${r.disciplineId}/${r.kindId}/${r.audience}/${r.date}`));
    },

    async studentJournal(user: AuthUser, input: Period & { id_discipline: number | null }) {
      const period = await deps.halfYearOf(input);
      if (user.groupId === null) return [];
      const lessons = await repo.studentLessons(user.id, user.groupId, period.year, period.ws, input.id_discipline);
      const marksScale = await scaleMap();
      const journals = new Map<string, { lessons: typeof lessons; teachers: Set<string> }>();
      for (const l of lessons) {
        const key = `${l.disciplineId}/${l.kindId}`;
        const entry = journals.get(key) ?? { lessons: [], teachers: new Set<string>() };
        entry.lessons.push(l);
        if (l.teacher) entry.teachers.add(l.teacher);
        journals.set(key, entry);
      }
      return [...journals.values()].map(({ lessons: list, teachers }) => {
        const first = list[0] as (typeof lessons)[number];
        return {
          id_discipline: first.disciplineId,
          discipline: named(first.discipline),
          id_vid_zaniatiy: first.kindId,
          lessonKind: named(first.kind),
          teachers: [...teachers].sort(),
          dates: list.map((l) => ({
            id_lesson: l.id,
            visitDate: l.visitDate,
            id_time: l.timeSlotId,
            number: l.number,
            start: l.start,
            end: l.end,
            timesCount: l.timesCount,
            id_tema: l.topicId,
            tema: l.topic,
            // A student's journal starts no check-in.
            id_shed: null,
            id_otsenka: l.assessmentId,
          })),
          ...totalsOf(
            list.map((l) => l.assessmentId),
            marksScale,
          ),
        };
      });
    },

    async deleteLesson(user: AuthUser, key: LessonKey) {
      const { ref } = await openLesson(user, key);
      const deleted = await write((q) => q.deleteLesson(ref));
      if (!deleted) throw new AppError('not_found', 'There is no such lesson.');
      return { deleted };
    },

    async deleteJournal(user: AuthUser, key: JournalKey) {
      const { ref } = await openJournal(user, key);
      return { deleted: await write((q) => q.deleteJournal(ref)) };
    },

    async topics(
      user: AuthUser,
      input: Period & { id_discipline: number; id_vid_zaniatiy: number; module: number | null },
    ) {
      const period = await ownDiscipline(user, input);
      return (await repo.topics(period.year, period.ws, input.id_discipline, input.id_vid_zaniatiy))
        .filter((t) => input.module === null || t.module === input.module)
        .map((t) => ({ id_tema: t.id, module: t.module, name: t.name, hours: t.hours }));
    },

    async modules(user: AuthUser, input: Period & { id_discipline: number; id_vid_zaniatiy: number }) {
      const period = await ownDiscipline(user, input);
      const topics = await repo.topics(period.year, period.ws, input.id_discipline, input.id_vid_zaniatiy);
      const modules = new Map<number, { module: number; topics: number; hours: number }>();
      for (const t of topics) {
        const m = modules.get(t.module) ?? { module: t.module, topics: 0, hours: 0 };
        m.topics++;
        m.hours += t.hours;
        modules.set(t.module, m);
      }
      return [...modules.values()];
    },

    async saveTopic(
      user: AuthUser,
      input: Period & {
        id_discipline: number;
        id_vid_zaniatiy: number;
        id_tema: number;
        module: number;
        name: string;
        hours: number;
      },
    ) {
      const period = await ownDiscipline(user, input);
      const key = {
        year: period.year,
        ws: period.ws,
        disciplineId: input.id_discipline,
        kindId: input.id_vid_zaniatiy,
      };
      const topic = { module: input.module, name: input.name, hours: input.hours };
      if (input.id_tema !== -1) {
        const existing = await repo.topicKey(input.id_tema);
        if (!existing || Object.entries(key).some(([k, v]) => existing[k as keyof typeof key] !== v)) {
          throw refused([{ path: ['id_tema'], rule: 'unknown_record' }]);
        }
      }
      const row = await write((q) =>
        input.id_tema === -1 ? q.insertTopic(key, topic, user.id) : q.updateTopic(input.id_tema, topic),
      );
      return { id_tema: row.id, module: row.module, name: row.name, hours: row.hours };
    },

    async topicReport(user: AuthUser, key: JournalKey) {
      const { ref } = await openJournal(user, key);
      const report = new Map<
        string,
        { id_tema: number | null; module: number | null; name: string; hours: number; dates: string[] }
      >();
      for (const l of await repo.topicLessons(ref)) {
        const k = l.topicId !== null && l.name === '' ? `t${l.topicId}` : `${l.topicId}/${l.name}`;
        const entry = report.get(k) ?? { id_tema: l.topicId, module: l.module, name: l.name, hours: 0, dates: [] };
        entry.dates.push(l.visitDate);
        // Each lesson given is a pair of academic hours.
        entry.hours += 2;
        report.set(k, entry);
      }
      return [...report.values()];
    },

    async lessonTopic(user: AuthUser, key: LessonKey) {
      const { ref } = await openLesson(user, key);
      const found = await repo.lessonTopic(ref);
      return { id_lesson: found?.id ?? null, id_tema: found?.topicId ?? null, text: found?.text ?? '' };
    },

    async saveLessonTopic(user: AuthUser, input: LessonKey & { id_tema: number | null; text: string }) {
      const { ref } = await openLesson(user, input);
      if (input.id_tema !== null) {
        const topic = await repo.topicKey(input.id_tema);
        if (
          !topic ||
          topic.disciplineId !== ref.disciplineId ||
          topic.kindId !== ref.kindId ||
          topic.year !== ref.year ||
          topic.ws !== ref.ws
        ) {
          throw refused([{ path: ['id_tema'], rule: 'unknown_record' }]);
        }
      }
      return write(async (q) => {
        const lesson = await q.ensureLesson(ref, user.id);
        await q.setLessonTopic(lesson, input.id_tema, input.text);
        return { id_lesson: lesson, id_tema: input.id_tema, text: input.text };
      });
    },
  };

  /** Topics belong to a discipline and lesson kind the teacher teaches in the half-year (403 otherwise). */
  async function ownDiscipline(user: AuthUser, input: Period & { id_discipline: number; id_vid_zaniatiy: number }) {
    const period = await deps.halfYearOf(input);
    const mine = (await repo.assignments(user.id, period.year, period.ws)).some(
      (a) => a.disciplineId === input.id_discipline && a.kindId === input.id_vid_zaniatiy,
    );
    if (!mine) throw new AppError('forbidden', 'You do not teach this discipline and lesson kind in this half-year.');
    return period;
  }
}

export type JournalService = ReturnType<typeof createJournalService>;
