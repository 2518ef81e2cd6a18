import { roles } from '@okuu/contracts/endpoint';
import type {
  HomeAction,
  HomeAttendance,
  HomeCards,
  HomeGrade,
  HomeJournalGap,
  HomeLesson,
} from '@okuu/contracts/home/summary';
import type { ScheduleLesson } from '@okuu/contracts/schedule/schedule';
import { bishkekDay, minutesOf } from '@okuu/contracts/schedule/weeks';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { CardService } from '../card/card.service.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { GradingService } from '../grading/grading.service.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { NewsService } from '../news/news.service.ts';
import type { PaymentService } from '../payment/payment.service.ts';
import type { QrService } from '../qr/qr.service.ts';
import type { QuestionnaireService } from '../questionnaire/questionnaire.service.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { SingleWindowService } from '../single-window/single-window.service.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { ImportService } from '../staff-import/import.service.ts';
import type { TestingService } from '../testing/testing.service.ts';
import type { WebinarsService } from '../webinars/webinars.service.ts';

/**
 * A card of home: what one module has for the person at `now`, or undefined when it has nothing for them (their role
 * has no such card, or there is nothing to show). It asks the module's service only, for what that module's own
 * screen shows the same reader.
 */
export type HomeCard<K extends keyof HomeCards> = (user: AuthUser, now: Date) => Promise<HomeCards[K] | undefined>;
export type HomeCardSet = { [K in keyof HomeCards]?: HomeCard<K> };

const dayMs = 86_400_000;
/** How long an issued reference stays on home. */
const referenceDays = 14;
/** How far back a teacher's lessons with no journal entry are listed. */
const journalGapDays = 14;
/** A student's points written this many days back show on home. */
const gradeDays = 14;
/** A teacher's open grading sheets show once the half-year ends within this many days. */
const sheetsDueDays = 21;

/** A call's 404 (no such half-year in the calendar, say): nothing to show. */
const orNothing = (err: unknown) => {
  if (err instanceof AppError && err.code === 'not_found') return undefined;
  throw err;
};
/** How many news items, unread senders and audit entries home shows. */
export const homeLimits = { news: 3, senders: 5, audit: 5, imports: 3, newsChars: 200 } as const;

const isStudent = (user: AuthUser) => user.role === roles.student;
const isTeacher = (user: AuthUser) => user.role === roles.teacher;
const isStaff = (user: AuthUser) => user.role === roles.staff;

/** Where each lesson of the day stands at `now`: the first not yet over and not on now is "next". */
export function lessonStates(lessons: ScheduleLesson[], isToday: boolean, minutes: number): HomeLesson['state'][] {
  let nextGiven = false;
  return lessons.map((l) => {
    if (isToday && minutesOf(l.end) <= minutes) return 'done';
    if (isToday && minutesOf(l.start) <= minutes) return 'now';
    if (nextGiven) return 'later';
    nextGiven = true;
    return 'next';
  });
}

/**
 * Today's lessons while one is to come, on, or still open to a QR check-in; else the next day's that has some. Each
 * with its state, its QR check-in of today and its online link of that date. An online lesson of a teacher's own still
 * to come today makes today the day shown.
 */
export function lessonsCard(
  schedule: Pick<ScheduleService, 'dayOf'>,
  qr: Pick<QrService, 'lessonCheckins'>,
  /** Minutes after a lesson's end when its QR check-in can still start (QR_WINDOW_MINUTES): today stays shown. */
  checkinWindowMin: number,
  webinars: Pick<WebinarsService, 'lessonLinks' | 'ownOn'>,
): HomeCard<'lessons'> {
  return async (user, now) => {
    const clock = bishkekDay(now);
    const [next, own] = await Promise.all([
      schedule.dayOf(user, now, checkinWindowMin),
      webinars.ownOn(user, clock.date, now),
    ]);
    const day =
      next && (next.date === clock.date || own.length === 0)
        ? next
        : own.length
          ? { date: clock.date, lessons: [] }
          : null;
    if (!day) return undefined;
    const today = day.date === clock.date;
    const links = new Map(
      day.lessons.length
        ? (await webinars.lessonLinks(user, day.date, day.date, now)).map(({ id_shed, date: _, ...online }) => [
            id_shed,
            online,
          ])
        : [],
    );
    const checkins = today
      ? await qr.lessonCheckins(
          day.lessons.map((l) => l.id),
          day.date,
          isStudent(user) ? user.id : null,
        )
      : new Map();
    const states = lessonStates(day.lessons, today, clock.minutes);
    return {
      date: day.date,
      today,
      items: day.lessons.map((l, i) => ({
        ...l,
        state: states[i] as HomeLesson['state'],
        checkin: checkins.get(l.id) ?? null,
        ...(links.has(l.id) ? { online: links.get(l.id) } : {}),
      })),
      ...(own.length ? { online: own } : {}),
    };
  };
}

/**
 * A student's to-dos: the registration window open with plan disciplines still unchosen (as the registration screen
 * lists them), references issued in the last two weeks, payments pending or partly paid.
 */
export function actionsCard(
  singleWindow: Pick<SingleWindowService, 'readyDocuments'>,
  payment: Pick<PaymentService, 'open'>,
  registration: Pick<RegistrationService, 'list'>,
  testing: Pick<TestingService, 'myTests'>,
  questionnaire: Pick<QuestionnaireService, 'open'>,
): HomeCard<'actions'> {
  return async (user, now) => {
    if (!isStudent(user)) return undefined;
    const [documents, payments, list, tests, questionnaires] = await Promise.all([
      singleWindow.readyDocuments(user, new Date(now.getTime() - referenceDays * dayMs)),
      payment.open(user),
      registration.list(user, {}).catch(orNothing),
      testing.myTests(user.id),
      questionnaire.open(user.id),
    ]);
    // The tests and questionnaires screens' own lists: what is open now and still asks something of the student.
    const takeable = tests
      .filter((x) => x.state === 'open' && (x.openAttempt !== null || x.attemptsMade < x.attempts))
      .sort((a, b) => Date.parse(a.closesAt) - Date.parse(b.closesAt));
    const waiting = questionnaires
      .map((x) => ({ ...x, unanswered: x.targets.filter((target) => !target.answered).length }))
      .filter((x) => x.unanswered > 0);
    const unchosen = (list?.disciplines ?? []).filter((d) => d.registeredKinds.length === 0);
    const window = list?.window;
    const actions: HomeAction[] = [
      ...(list && window?.open && unchosen.length
        ? [
            {
              kind: 'registration' as const,
              id_a_year: list.id_a_year,
              ws: list.ws,
              closesAt: window.closesAt,
              closingSoon: Date.parse(window.closesAt) - now.getTime() <= dayMs,
              unchosen: unchosen.map((d) => ({
                id_discipline: d.id_discipline,
                name: d.name,
                nameKg: d.nameKg,
                nameEn: d.nameEn,
              })),
            },
          ]
        : []),
      ...takeable.map((x) => ({
        kind: 'test' as const,
        id: x.id,
        title: x.title,
        discipline: x.discipline,
        closesAt: x.closesAt,
        inProgress: x.openAttempt !== null,
      })),
      ...documents.map((o) => ({
        kind: 'reference' as const,
        id_order: o.id_order,
        document: o.document,
        issued: o.issued as string,
        documentUrl: o.documentUrl as string,
      })),
      ...payments.map((p) => ({
        kind: 'payment' as const,
        id: p.id,
        status: p.status as 'pending' | 'partial',
        service: p.service,
        amount: p.amount,
        received: p.received,
        code: p.code,
      })),
      ...waiting.map((x) => ({
        kind: 'questionnaire' as const,
        id: x.id,
        title: x.title,
        closesAt: x.closesAt,
        unanswered: x.unanswered,
      })),
    ];
    return actions.length ? actions : undefined;
  };
}

/**
 * A student's disciplines whose absences pass `share` of the lessons recorded this half-year, counted from their own
 * journal (the journal screen's call).
 */
export function attendanceCard(journal: Pick<JournalService, 'studentJournal'>, share: number): HomeCard<'attendance'> {
  return async (user) => {
    if (!isStudent(user)) return undefined;
    const journals = (await journal.studentJournal(user, { id_discipline: null }).catch(orNothing)) ?? [];
    const byDiscipline = new Map<number, HomeAttendance>();
    for (const j of journals) {
      const d = byDiscipline.get(j.id_discipline) ?? {
        id_discipline: j.id_discipline,
        discipline: j.discipline,
        absences: 0,
        lessons: 0,
      };
      d.absences += j.absences;
      d.lessons += j.dates.length;
      byDiscipline.set(j.id_discipline, d);
    }
    const warned = [...byDiscipline.values()]
      .filter((d) => d.absences > 0 && d.absences / d.lessons > share)
      .sort((a, b) => b.absences / b.lessons - a.absences / a.lessons);
    return warned.length ? warned : undefined;
  };
}

/**
 * A teacher's lessons of the timetable in the last two weeks (today's that ended too) with no journal lesson of the
 * same discipline, kind and audience on their day, newest first.
 */
export function journalGapsCard(
  schedule: Pick<ScheduleService, 'recentLessons'>,
  journal: Pick<JournalService, 'recordedDays'>,
): HomeCard<'journalGaps'> {
  return async (user, now) => {
    if (!isTeacher(user)) return undefined;
    const recent = await schedule.recentLessons(user, now, journalGapDays);
    const keyed = recent.map(({ date, lesson }) => ({
      date,
      lesson,
      disciplineId: lesson.id_discipline,
      kindId: lesson.id_vid_zaniatiy,
      audience: lesson.audience,
    }));
    const recorded = await journal.recordedDays(keyed);
    const seen = new Set<string>();
    const gaps: HomeJournalGap[] = [];
    for (const { date, lesson } of keyed.reverse()) {
      const key = `${lesson.id_discipline}/${lesson.id_vid_zaniatiy}/${lesson.audience.kind}:${lesson.audience.id}/${date}`;
      if (recorded.has(key) || seen.has(key)) continue;
      seen.add(key);
      gaps.push({
        date,
        id_discipline: lesson.id_discipline,
        discipline: lesson.discipline,
        id_vid_zaniatiy: lesson.id_vid_zaniatiy,
        lessonKind: lesson.lessonKind,
        audience: lesson.audience,
      });
    }
    return gaps.length ? gaps : undefined;
  };
}

/** The newest news of the reader's feed (students and teachers). */
export function newsCard(news: Pick<NewsService, 'latest'>): HomeCard<'news'> {
  return async (user) => {
    if (isStaff(user)) return undefined;
    const items = await news.latest(user, homeLimits.news);
    if (!items.length) return undefined;
    return items.map((n) => ({
      id: n.id_eventMessage,
      created: n.created,
      author: n.author.name,
      message: n.message.length > homeLimits.newsChars ? `${n.message.slice(0, homeLimits.newsChars)}…` : n.message,
    }));
  };
}

/** Unread messages, from whom (students and teachers: staff have no chat). */
export function unreadCard(chat: Pick<ChatService, 'unreadSummary'>): HomeCard<'unread'> {
  return async (user) => {
    if (!isStudent(user) && !isTeacher(user)) return undefined;
    const unread = await chat.unreadSummary(user, homeLimits.senders);
    return unread.total > 0 ? unread : undefined;
  };
}

/** Staff: the reference-order queue. */
export function ordersCard(singleWindow: Pick<SingleWindowService, 'queueSummary'>): HomeCard<'orders'> {
  return async (user) => (isStaff(user) ? singleWindow.queueSummary() : undefined);
}

/** Staff: the personal cards' correction requests (shown while any is new or in progress). */
export function correctionsCard(card: Pick<CardService, 'queueSummary'>): HomeCard<'corrections'> {
  return async (user) => {
    if (!isStaff(user)) return undefined;
    const summary = await card.queueSummary();
    return summary.new + summary.inProgress > 0 ? summary : undefined;
  };
}

/** Staff: the imports that failed this week and were not followed by a successful one of their kind. */
export function importsCard(imports: Pick<ImportService, 'failedImports'>): HomeCard<'imports'> {
  return async (user) => (isStaff(user) ? imports.failedImports(homeLimits.imports) : undefined);
}

/** Staff: today's payments (Asia/Bishkek). */
export function paymentsCard(payment: Pick<PaymentService, 'dayTotals'>): HomeCard<'payments'> {
  return async (user, now) => (isStaff(user) ? payment.dayTotals(bishkekDay(now).date) : undefined);
}

/** Staff: the newest audit entries. */
export function auditCard(staff: Pick<StaffService, 'audit'>): HomeCard<'audit'> {
  return async (user) => {
    if (!isStaff(user)) return undefined;
    const page = await staff.audit({ actorId: null, targetId: null, action: null, from: null, to: null }, 1);
    const items = page.items.slice(0, homeLimits.audit).map((e) => ({
      id: e.id,
      at: e.at,
      actorName: e.actorName,
      action: e.action,
      targetName: e.targetName,
    }));
    return items.length ? items : undefined;
  };
}

/** A student's disciplines whose points were written in the last two weeks, as the grading screen sums them. */
export function gradesCard(grading: Pick<GradingService, 'recentPoints'>): HomeCard<'grades'> {
  return async (user, now) => {
    if (!isStudent(user)) return undefined;
    const recent =
      (await grading.recentPoints(user, new Date(now.getTime() - gradeDays * dayMs)).catch(orNothing)) ?? [];
    const grades: HomeGrade[] = recent.map((d) => ({
      sheetId: d.sheetId,
      discipline: {
        id: d.discipline.id,
        name: d.discipline.name,
        nameKg: d.discipline.nameKg,
        nameEn: d.discipline.nameEn,
      },
      total: d.totals.total,
      letter: d.totals.letter,
      closed: d.status === 'closed',
    }));
    return grades.length ? grades : undefined;
  };
}

/** A teacher's grading sheets still open as the half-year ends (from three weeks before its last day). */
export function gradingSheetsCard(grading: Pick<GradingService, 'dueSheets'>): HomeCard<'gradingSheets'> {
  return async (user, now) => {
    if (!isTeacher(user)) return undefined;
    const due = await grading.dueSheets(user, now, sheetsDueDays).catch(orNothing);
    if (!due?.sheets.length) return undefined;
    return due.sheets.map((sheet) => ({
      id: sheet.id,
      discipline: { name: sheet.discipline.name, nameKg: sheet.discipline.nameKg, nameEn: sheet.discipline.nameEn },
      audience: { name: sheet.audience.name, nameKg: sheet.audience.nameKg, nameEn: sheet.audience.nameEn },
      filled: sheet.filled,
      cells: sheet.cells,
      endsOn: due.endsOn,
    }));
  };
}
