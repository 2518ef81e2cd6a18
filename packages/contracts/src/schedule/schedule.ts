import * as z from 'zod/mini';
import { academicYearInput, halfYearInput } from '../discipline/filters.ts';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput, localizedName } from '../fields.ts';
import { lessonOnline } from '../webinars/webinars.ts';
import { weekParities } from './weeks.ts';

/** A slot of the bell schedule (the spec's id_time): times of day in Asia/Bishkek, 'HH:MM'. */
export const timeSlot = z.object({ id_time: z.number(), number: z.number(), start: z.string(), end: z.string() });
export type TimeSlot = z.infer<typeof timeSlot>;

/** A room (the spec's audience, id_aud) in a building of the campus. */
export const scheduleRoom = z.object({
  id_aud: z.number(),
  number: z.string(),
  capacity: z.number(),
  building: z.object({ shortName: z.string(), ...localizedName }),
});

/**
 * A lesson of the weekly timetable: `id` is the schedule entry (the spec's idShed); its slot (`id_time`, `number`,
 * `start`, `end`); `parity`: every week, odd weeks (numerator) or even weeks (denominator); what (discipline and lesson
 * kind, the spec's id_vid_zaniatiy), who teaches it, to whom (`audience`: a group, subgroup or stream, and every group
 * it reaches) and where (`room`).
 */
export const scheduleLesson = z.object({
  id: z.number(),
  id_time: z.number(),
  number: z.number(),
  start: z.string(),
  end: z.string(),
  parity: z.enum(weekParities),
  id_discipline: z.number(),
  discipline: z.object(localizedName),
  id_vid_zaniatiy: z.number(),
  lessonKind: z.object(localizedName),
  id_teacher: z.number(),
  t_fio: z.string(),
  audience: z.object({ kind: z.enum(['group', 'subgroup', 'stream']), id: z.number(), name: z.string() }),
  groups: z.array(z.object({ id_group: z.number(), name: z.string() })),
  room: scheduleRoom,
});
export type ScheduleLesson = z.infer<typeof scheduleLesson>;

/** A day of the week (1 Monday … 7 Sunday) and its lessons by slot. */
export const scheduleDay = z.object({ day_number: z.number(), lessons: z.array(scheduleLesson) });
export type ScheduleDay = z.infer<typeof scheduleDay>;

/**
 * The caller's week in a half-year: the seven days (1 … 7, each with its lessons, by slot), the bell schedule, and the
 * half-year's first and last day (YYYY-MM-DD), from which its weeks are counted: the week of `startsOn` is week 1,
 * odd (see weeks.ts).
 */
export const weekSchedule = z.object({
  year: z.number(),
  ws: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  timeSlots: z.array(timeSlot),
  days: z.array(scheduleDay),
  /**
   * The online links of this week's lessons (Monday to Sunday of today, Asia/Bishkek): lesson `id_shed` on `date` is
   * online; `url` is a student's only while "Join" is open. Left out when none.
   */
  online: z.optional(z.array(z.object({ id_shed: z.number(), date: z.string(), ...lessonOnline.shape }))),
});
export type WeekSchedule = z.infer<typeof weekSchedule>;

/** The spec's payload: ws and year (default: today's half-year) and id, the caller's own user id (another's: 403). */
const scheduleRequest = z.object({
  ...callerEcho,
  year: z.optional(academicYearInput),
  ws: z.optional(halfYearInput),
  id: z.optional(idInput),
});

export const scheduleTeacher = defineEndpoint({
  id: 'schedule.teacher',
  method: 'POST',
  path: '/api/schedule/teacher.json',
  access: 'teacher',
  summary:
    "The calling teacher's week in the half-year (year, ws), grouped by day_number, each lesson with its groups and room. A half-year the calendar does not have answers 404.",
  request: scheduleRequest,
  response: weekSchedule,
});

export const scheduleStudent = defineEndpoint({
  id: 'schedule.student',
  method: 'POST',
  path: '/api/schedule/student.json',
  access: 'student',
  summary:
    "The calling student's week in the half-year (year, ws), grouped by day_number: the lessons of their group, their subgroups and their group's streams, each with its teacher and room. A half-year the calendar does not have answers 404.",
  request: scheduleRequest,
  response: weekSchedule,
});
