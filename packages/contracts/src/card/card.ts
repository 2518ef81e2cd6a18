import * as z from 'zod/mini';
import { callerEcho, defineEndpoint, emptyRequest } from '../endpoint.ts';
import { idInput, localizedName, namedRecord, pageInput, textField } from '../fields.ts';

/**
 * The personal card (issue 41): a person's record on one page. A student's: personal data and photo, record book,
 * faculty, speciality, form and course, the history of their groups, the credits earned against the curriculum,
 * the current registrations, open orders and payments. A teacher's: department, position and what they teach this
 * half-year (from the workload). A person who finds a mistake sends a correction request; staff work the queue.
 */

export const correctionTopics = ['personal', 'study', 'groups', 'credits', 'teaching', 'other'] as const;
export type CorrectionTopic = (typeof correctionTopics)[number];

/** A correction request is new, taken up (in progress), then done or rejected with the staff's comment. */
export const correctionStatuses = ['new', 'in_progress', 'done', 'rejected'] as const;
export type CorrectionStatus = (typeof correctionStatuses)[number];

/** The moves staff may make, the same on the server (enforced) and in the web app (which offers only these). */
export const correctionTransitions: Readonly<Record<CorrectionStatus, readonly CorrectionStatus[]>> = {
  new: ['in_progress', 'done', 'rejected'],
  in_progress: ['done', 'rejected'],
  done: [],
  rejected: [],
};

export const correctionLimits = {
  textMax: 1000,
  commentMax: 500,
  pageSize: 25,
  /** Requests a person may have new or in progress at once. */
  openPerPerson: 5,
} as const;

const named = z.object({ id: z.number(), ...localizedName });

/** How a student came to a group: moved by staff, or by a staff data import. */
export const groupMoveSources = ['staff', 'import'] as const;

export const groupMove = z.object({
  at: z.string(),
  from: z.nullable(z.string()),
  to: z.string(),
  source: z.enum(groupMoveSources),
});
export type GroupMove = z.infer<typeof groupMove>;

/** Credits of one semester of the curriculum: planned (the plan's disciplines, electives not counted) and earned. */
export const semesterCredits = z.object({
  id_semester: z.number(),
  number: z.number(),
  ...localizedName,
  planned: z.number(),
  /** Credits of the final results passed (numeric equivalent 1 or more) in that semester. */
  earned: z.number(),
});
export type SemesterCredits = z.infer<typeof semesterCredits>;

export const studentCard = z.object({
  recordBook: z.nullable(z.string()),
  group: z.object({ id: z.number(), name: z.string() }),
  faculty: namedRecord,
  department: namedRecord,
  speciality: z.object({ code: z.string(), ...localizedName }),
  studyForm: z.enum(['full_time', 'part_time']),
  admissionYear: z.number(),
  /** The year of study in the current academic year (null outside the programme's years). */
  course: z.nullable(z.number()),
  /** Group moves, newest first. */
  groups: z.array(groupMove),
  credits: z.object({ semesters: z.array(semesterCredits), planned: z.number(), earned: z.number() }),
  /** The registrations of the current half-year (null when the calendar has none). */
  registrations: z.nullable(
    z.object({
      id_a_year: z.number(),
      ws: z.number(),
      items: z.array(
        z.object({
          id: z.number(),
          discipline: z.object({ code: z.string(), ...localizedName }),
          lessonKind: z.nullable(namedRecord),
          teacher: z.nullable(z.string()),
          credits: z.number(),
        }),
      ),
    }),
  ),
  /** Reference orders waiting or being prepared. */
  orders: z.array(z.object({ id: z.number(), document: named, status: z.string(), created: z.string() })),
  /** Payments pending or partly paid (tyiyn). */
  payments: z.array(
    z.object({
      id: z.number(),
      service: named,
      amount: z.number(),
      received: z.number(),
      status: z.string(),
      created: z.string(),
    }),
  ),
});
export type StudentCard = z.infer<typeof studentCard>;

export const teacherCard = z.object({
  department: namedRecord,
  faculty: namedRecord,
  positions: z.array(namedRecord),
  /**
   * What they teach in the current half-year: discipline × lesson kind × audience with the hours planned and given so
   * far (the workload's); null when the calendar has no current half-year.
   */
  workload: z.nullable(
    z.object({
      year: z.number(),
      ws: z.number(),
      teaching: z.array(
        z.object({
          discipline: z.object({ id: z.number(), code: z.string(), ...localizedName }),
          lessonKind: named,
          audience: z.object({ kind: z.enum(['group', 'subgroup', 'stream']), id: z.number(), name: z.string() }),
          planned: z.number(),
          given: z.number(),
        }),
      ),
      totals: z.object({ planned: z.number(), given: z.number() }),
    }),
  ),
});
export type TeacherCard = z.infer<typeof teacherCard>;

export const personCard = z.object({
  person: z.object({
    id: z.number(),
    role: z.number(),
    fullName: z.string(),
    gender: z.nullable(z.enum(['male', 'female'])),
    birthDate: z.nullable(z.string()),
    nationality: z.nullable(namedRecord),
    citizenship: z.nullable(namedRecord),
    phone: z.nullable(z.string()),
    education: z.nullable(namedRecord),
    /** GET address of the photo, or null (the web app shows a placeholder). */
    photoUrl: z.nullable(z.string()),
  }),
  student: z.nullable(studentCard),
  teacher: z.nullable(teacherCard),
});
export type PersonCard = z.infer<typeof personCard>;

export const correction = z.object({
  id: z.number(),
  topic: z.enum(correctionTopics),
  text: z.string(),
  status: z.enum(correctionStatuses),
  /** The staff's comment (a rejection says why). */
  comment: z.nullable(z.string()),
  created: z.string(),
  updated: z.string(),
  person: z.object({ id: z.number(), name: z.string(), role: z.number() }),
});
export type Correction = z.infer<typeof correction>;

export const cardMine = defineEndpoint({
  id: 'card.mine',
  method: 'POST',
  path: '/api/card/mine.json',
  access: 'authenticated',
  summary:
    "The caller's personal card: a student's record (study data, group moves, credits against the curriculum, current registrations, open orders and payments) or a teacher's (department, position, what they teach this half-year with hours). Staff have no card of their own (404).",
  request: z.object({ ...callerEcho }),
  response: personCard,
});

export const cardPerson = defineEndpoint({
  id: 'card.person',
  method: 'POST',
  path: '/api/staff/card/person.json',
  access: 'staff',
  summary: "Student or teacher `id`'s personal card, for staff (404 for anyone else).",
  request: z.object({ id: idInput }),
  response: personCard,
});

export const correctionsMine = defineEndpoint({
  id: 'card.correctionsMine',
  method: 'POST',
  path: '/api/card/corrections/list.json',
  access: 'authenticated',
  summary: "The caller's correction requests, newest first, with their status and the staff's comment.",
  request: emptyRequest,
  response: z.object({ items: z.array(correction) }),
});

export const correctionSave = defineEndpoint({
  id: 'card.correctionSave',
  method: 'POST',
  path: '/api/card/corrections/save.json',
  access: 'authenticated',
  summary: `Reports a mistake in the caller's card to staff: \`topic\` (which part) and \`text\` (what is wrong and what is right, 1 to ${correctionLimits.textMax} characters). The request starts as new. Students and teachers only (staff: 403); at most ${correctionLimits.openPerPerson} open at once (409 conflict).`,
  request: z.object({
    topic: z.enum(correctionTopics, 'invalid_choice'),
    text: z.pipe(textField(correctionLimits.textMax), z.string().check(z.minLength(1, 'required'))),
  }),
  response: correction,
});

export const correctionQueue = defineEndpoint({
  id: 'card.correctionQueue',
  method: 'POST',
  path: '/api/staff/corrections/queue.json',
  access: 'staff',
  summary: `Correction requests in status \`status\` (default new), oldest first while open, newest first once closed; ${correctionLimits.pageSize} a page, with the count in each status.`,
  request: z.object({
    status: z._default(z.enum(correctionStatuses, 'invalid_choice'), 'new'),
    page: pageInput,
  }),
  response: z.object({
    items: z.array(correction),
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
    counts: z.record(z.enum(correctionStatuses), z.number()),
  }),
});

export const correctionStatus = defineEndpoint({
  id: 'card.correctionStatus',
  method: 'POST',
  path: '/api/staff/corrections/status.json',
  access: 'staff',
  audit: ['correction.status'],
  summary: `Moves correction request \`id\` on (staff): new → in_progress, either → done or rejected, with \`comment\` (up to ${correctionLimits.commentMax} characters; required to reject). Any other move: 409 conflict. Answers with the request.`,
  request: z
    .object({
      id: idInput,
      status: z.enum(['in_progress', 'done', 'rejected'], 'invalid_choice'),
      comment: textField(correctionLimits.commentMax),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.status === 'rejected' && !v.comment)
          ctx.issues.push({ code: 'custom', message: 'required', path: ['comment'], input: v.comment });
      }),
    ),
  response: correction,
});
