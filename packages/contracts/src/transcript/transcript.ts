import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput, localizedName } from '../fields.ts';
import { gradeBand } from './grade-scale.ts';

/** The languages a transcript document is printed in (its discipline names and labels). */
export const documentLanguages = ['ru', 'kg', 'en'] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];

/** One final result (spec: Transcript rows): the discipline's code and names, credits, points and the grades. */
export const transcriptRow = z.object({
  id_discipline: z.number(),
  code_discipline: z.string(),
  ...localizedName,
  kredits: z.number(),
  /** 0–100. */
  points: z.number(),
  /** The letter grade and its numeric equivalent under the grading scale in force. */
  ekv_bukv: z.string(),
  ekv_num: z.number(),
});
export type TranscriptRow = z.infer<typeof transcriptRow>;

/** Credit total, and the grade point average: the credit-weighted mean of ekv_num, to two decimals (null: no credits). */
const totals = { kredits_sum: z.number(), kredits_avg: z.nullable(z.number()) };

export const transcriptSemester = z.object({
  id_a_year: z.number(),
  /** 1 fall, 2 spring, 3 summer: the half-year's place in its academic year. */
  ws_sort: z.number(),
  id_semester: z.number(),
  /** The semester of study, named ('3 семестр'). */
  semester: z.object(localizedName),
  rows: z.array(transcriptRow),
  ...totals,
});

export const transcript = z.object({
  student: z.object({
    id: z.number(),
    fullName: z.string(),
    /** YYYY-MM-DD, or null when unknown. */
    birthDate: z.nullable(z.string()),
    id_group: z.number(),
    group: z.string(),
    studyForm: z.enum(['full_time', 'part_time']),
    recordBook: z.nullable(z.string()),
    faculty: z.object(localizedName),
    speciality: z.object({ code: z.string(), ...localizedName }),
  }),
  /** Academic years, oldest first, each with its half-years in order. */
  years: z.array(
    z.object({ id_a_year: z.number(), name: z.string(), semesters: z.array(transcriptSemester), ...totals }),
  ),
  ...totals,
  /** The grading scale the grades follow (a legend for the reader). */
  scale: z.array(gradeBand),
});
export type Transcript = z.infer<typeof transcript>;

export const studentTranscript = defineEndpoint({
  id: 'transcript.own',
  method: 'POST',
  path: '/misc/transcript.json',
  access: 'student',
  summary:
    "The calling student's transcript: the final results of every discipline, grouped by academic year and half-year, with credit totals and GPA per half-year, per year and overall, and the student's header data.",
  request: z.object({ ...callerEcho }),
  response: transcript,
});

const language = z.enum(documentLanguages);

export const studentTranscriptPdf = defineEndpoint({
  id: 'transcript.ownPdf',
  method: 'GET',
  path: '/misc/transcript.file',
  access: 'student',
  replyKind: 'file',
  summary:
    "The calling student's transcript as a PDF (attachment), in language `lang` (ru, kg or en): discipline names and labels in that language, with the signature line and the faculty.",
  request: z.object({ lang: language }),
  response: z.never(),
});

export const staffTranscript = defineEndpoint({
  id: 'transcript.ofStudent',
  method: 'POST',
  path: '/api/transcript/student.json',
  access: 'staff',
  summary: 'The transcript of student `id_student` (staff); 404 when there is no such student.',
  request: z.object({ id_student: idInput }),
  response: transcript,
});

export const staffTranscriptPdf = defineEndpoint({
  id: 'transcript.ofStudentPdf',
  method: 'GET',
  path: '/api/transcript/student.file',
  access: 'staff',
  replyKind: 'file',
  summary:
    'The transcript of student `id_student` as a PDF in language `lang` (staff); 404 when there is no such student.',
  request: z.object({ id_student: idInput, lang: language }),
  response: z.never(),
});

export function transcriptPdfUrl(lang: DocumentLanguage, studentId?: number): string {
  return studentId === undefined
    ? `${studentTranscriptPdf.path}?lang=${lang}`
    : `${staffTranscriptPdf.path}?id_student=${studentId}&lang=${lang}`;
}
