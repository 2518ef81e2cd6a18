import * as z from 'zod/mini';
import { academicYearInput, halfYearInput } from '../discipline/filters.ts';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { formFlag, idInput } from '../fields.ts';

/**
 * The rating: students of a group, a stream or a faculty ranked by their credit-weighted grade point average (ties by
 * total points), from closed grading sheets only (a retake's result in place of the failed one), for a half-year
 * (`year`, `ws`: today's by default) or, with `whole`, the whole study so far.
 */

export const ratingScopes = ['group', 'stream', 'faculty'] as const;
export type RatingScope = (typeof ratingScopes)[number];

const periodFields = {
  ...callerEcho,
  year: z.optional(academicYearInput),
  ws: z.optional(halfYearInput),
  whole: formFlag,
};

export const ratingRow = z.object({
  place: z.number(),
  studentId: z.number(),
  name: z.string(),
  group: z.string(),
  credits: z.number(),
  points: z.number(),
  /** Grade point average, 2 decimals. */
  gpa: z.number(),
});
export type RatingRow = z.infer<typeof ratingRow>;

export const rating = z.object({
  scope: z.enum(ratingScopes),
  id: z.number(),
  name: z.string(),
  year: z.number(),
  ws: z.number(),
  whole: z.boolean(),
  rows: z.array(ratingRow),
});
export type Rating = z.infer<typeof rating>;

/** How many students' GPA falls in each half-point band: from 0–0.49 to 4.00 (the last band takes 3.50–4.00). */
export const distributionBand = z.object({ from: z.number(), to: z.number(), count: z.number() });

export const myRating = defineEndpoint({
  id: 'grading.myRating',
  method: 'POST',
  path: '/api/grading/rating/my.json',
  access: 'student',
  summary:
    "The student's own place in the rating of their group, stream or faculty (`scope`), out of how many, their GPA and points, and how the GPAs are spread (bands of 0.5): never another student's name or grades. `place` is null with no closed sheet yet.",
  request: z.object({ ...periodFields, scope: z._default(z.enum(ratingScopes), 'group') }),
  response: z.object({
    scope: z.enum(ratingScopes),
    name: z.string(),
    year: z.number(),
    ws: z.number(),
    whole: z.boolean(),
    place: z.nullable(z.number()),
    of: z.number(),
    gpa: z.nullable(z.number()),
    points: z.number(),
    credits: z.number(),
    distribution: z.array(distributionBand),
  }),
});

export const teacherRating = defineEndpoint({
  id: 'grading.teacherRating',
  method: 'POST',
  path: '/api/grading/rating/group.json',
  access: 'teacher',
  summary:
    'The rating of group `groupId`, for a teacher who teaches it in the half-year (403 otherwise). Without `groupId`, the list of their groups comes in `groups` and the rating of the first.',
  request: z.object({ ...periodFields, groupId: z.optional(idInput) }),
  response: z.object({
    groups: z.array(z.object({ id: z.number(), name: z.string() })),
    rating: z.nullable(rating),
  }),
});

const staffRequest = z.object({ ...periodFields, scope: z.enum(ratingScopes), id: idInput });

export const staffRating = defineEndpoint({
  id: 'grading.staffRating',
  method: 'POST',
  path: '/api/grading/rating/staff.json',
  access: 'staff',
  summary: 'The rating of any group, stream or faculty (`scope`, `id`) for staff.',
  request: staffRequest,
  response: rating,
});

export const staffRatingXlsx = defineEndpoint({
  id: 'grading.staffRatingXlsx',
  method: 'GET',
  path: '/api/grading/rating/staff.xlsx',
  access: 'staff',
  replyKind: 'file',
  summary: 'The same rating as an Excel workbook (numbers as numbers), headed in language `lang`.',
  request: z.object({ ...staffRequest.shape, lang: z._default(z.enum(['ru', 'kg', 'en']), 'ru') }),
  response: z.never(),
});

/** The scopes staff choose from: groups, streams and faculties by name. */
export const ratingScopesList = defineEndpoint({
  id: 'grading.ratingScopes',
  method: 'POST',
  path: '/api/grading/rating/scopes.json',
  access: 'staff',
  summary: 'The groups, streams and faculties a rating can be of (staff), by name.',
  request: z.object(callerEcho),
  response: z.object({
    group: z.array(z.object({ id: z.number(), name: z.string() })),
    stream: z.array(z.object({ id: z.number(), name: z.string() })),
    faculty: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});
