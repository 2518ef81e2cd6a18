import * as z from 'zod/mini';
import { academicYearInput, electiveFilter, halfYearInput } from '../discipline/filters.ts';
import { callerEcho } from '../endpoint.ts';
import { anyId, idInput, localizedName, namedRecord, wholeNumber } from '../fields.ts';

/**
 * Discipline registration (spec: Registration). A student registers, for a half-year (`id_a_year`, `ws`), for the
 * disciplines of their curriculum's semester, one teacher's offering (a stream, a group or a subgroup, of one lesson
 * kind: the spec's `subgroup` and `id_vid_zaniatiy`) per discipline and lesson kind. Electives need the permission
 * flag. Seats are counted per offering; the server refuses a save when the registration window is closed, the
 * discipline is not in the curriculum, the credits would pass the half-year's cap, the student already holds that
 * discipline and lesson kind, or the offering is full.
 */

/** The half-year a call is about; both default to the registration's default half-year (getdefyear). */
export const periodFields = {
  ...callerEcho,
  id_a_year: z.optional(academicYearInput),
  ws: z.optional(halfYearInput),
};

/** A discipline of the student's semester: the semester (optional, -1 any; must be the student's) and the discipline. */
export const disciplineFields = {
  ...periodFields,
  id_semester: anyId,
  id_discipline: idInput,
};

/** Credits of a discipline: 1 to 60. */
export const creditsInput = wholeNumber(1, 60);

/**
 * What a save names (the registration entity's fields): the half-year, the semester, the discipline, the teacher and
 * their offering (`subgroup`: the offering's id, from getsubgroupsforregel), and what the student saw: the credits
 * (`kredits`), the form of control (`id_examination`), the lesson kind (`id_vid_zaniatiy`) and the elective flag
 * (`isSelect`). Each of those, when given, must match the curriculum and the offering (400 `not_as_offered`).
 */
export const saveFields = {
  ...callerEcho,
  id_a_year: academicYearInput,
  ws: halfYearInput,
  id_semester: idInput,
  id_discipline: idInput,
  id_teacher: idInput,
  subgroup: idInput,
  id_vid_zaniatiy: z.optional(idInput),
  kredits: z.optional(creditsInput),
  id_examination: z.optional(idInput),
  isSelect: electiveFilter,
};

/** A registration window: when saving and deleting are open, and the credit cap of the half-year. */
export const registrationWindow = z.object({
  opensAt: z.string(),
  closesAt: z.string(),
  /** Open now. */
  open: z.boolean(),
  creditCap: z.number(),
});
export type RegistrationWindow = z.infer<typeof registrationWindow>;

/** A semester of study (1–8), named in the three languages. */
export const studySemester = z.object({ id_semester: z.number(), number: z.number(), ...localizedName });
export type StudySemester = z.infer<typeof studySemester>;

/** Whom an offering is for: a stream, a group, a subgroup, or an open elective section (names '' then). */
export const offeringAudience = z.object({
  kind: z.enum(['stream', 'group', 'subgroup', 'open']),
  ...localizedName,
});
export type OfferingAudience = z.infer<typeof offeringAudience>;

export const lessonKind = z.object({ id_vid_zaniatiy: z.number(), ...localizedName });
export type LessonKind = z.infer<typeof lessonKind>;

/** A discipline the student may register for (their curriculum's, or an elective), with its offerings' seats. */
export const registrationDiscipline = z.object({
  id_discipline: z.number(),
  code: z.string(),
  ...localizedName,
  id_kafedra: z.number(),
  id_semester: z.number(),
  kredits: z.number(),
  id_examination: z.number(),
  examination: namedRecord,
  isSelect: z.boolean(),
  /** The lesson kinds the student holds a registration of. */
  registeredKinds: z.array(z.number()),
  /** Offerings of the discipline in the half-year, and their seats left together. */
  offerings: z.number(),
  seatsLeft: z.number(),
});
export type RegistrationDiscipline = z.infer<typeof registrationDiscipline>;

/** A teacher offering a discipline: the lesson kinds they offer and their seats left together. */
export const registrationTeacher = z.object({
  id_teacher: z.number(),
  t_fio: z.string(),
  position: z.nullable(namedRecord),
  kinds: z.array(lessonKind),
  seatsLeft: z.number(),
  full: z.boolean(),
});
export type RegistrationTeacher = z.infer<typeof registrationTeacher>;

/** One teacher's stream, group or subgroup for a lesson kind of a discipline, with its seats. */
export const registrationOffering = z.object({
  /** The offering's id: what a save names in `subgroup`. */
  subgroup: z.number(),
  /** The stream's, group's or subgroup's name ('' for an open elective section). */
  descGroupNum: z.string(),
  audience: offeringAudience,
  id_teacher: z.number(),
  t_fio: z.string(),
  id_vid_zaniatiy: z.number(),
  vid: namedRecord,
  id_group: z.nullable(z.number()),
  id_stream: z.nullable(z.number()),
  id_subgroup: z.nullable(z.number()),
  capacity: z.number(),
  seatsLeft: z.number(),
  full: z.boolean(),
  /** The calling student holds a registration of this offering. */
  mine: z.boolean(),
});
export type RegistrationOffering = z.infer<typeof registrationOffering>;

/** A registration of the student (the spec's entity), with the names to show. */
export const registrationItem = z.object({
  id_disciplineForStudent: z.number(),
  id_a_year: z.number(),
  ws: z.number(),
  id_semester: z.number(),
  semester: z.object({ number: z.number(), ...localizedName }),
  id_group: z.nullable(z.number()),
  id_kafedra: z.number(),
  id_discipline: z.number(),
  discipline: z.object({ code: z.string(), ...localizedName }),
  kredits: z.number(),
  id_examination: z.number(),
  examination: namedRecord,
  id_teacher: z.nullable(z.number()),
  t_fio: z.nullable(z.string()),
  id_vid_zaniatiy: z.nullable(z.number()),
  vid: z.nullable(namedRecord),
  /** The offering's id (null for a registration made without one, such as an imported one). */
  subgroup: z.nullable(z.number()),
  descGroupNum: z.string(),
  audience: z.nullable(offeringAudience),
  isSelect: z.boolean(),
  /** A discipline of the curriculum's plan (not an elective). */
  isByPlan: z.boolean(),
  created: z.string(),
});
export type RegistrationItem = z.infer<typeof registrationItem>;

/** A save's reply: the registration, and the seats its offering has left. */
export const savedRegistration = z.object({ registration: registrationItem, seatsLeft: z.number() });
export type SavedRegistration = z.infer<typeof savedRegistration>;

/** A delete's reply. */
export const deletedRegistration = z.object({
  id_disciplineForStudent: z.number(),
  deleted: z.literal(true),
  /** The seats its offering has left now (null: it had none). */
  seatsLeft: z.nullable(z.number()),
});
export type DeletedRegistration = z.infer<typeof deletedRegistration>;
