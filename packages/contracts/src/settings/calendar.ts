import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { dateInput, wholeNumber } from '../fields.ts';
import { dayRange, orderedRange } from './common.ts';

/** Academic years (id: the starting calendar year) and their half-years (ws: 1 fall, 2 spring, 3 summer). */
export const calendarLimits = { yearMin: 2000, yearMax: 2100 } as const;

export const halfYearRow = z.object({ ws: z.number(), ...dayRange });
export const academicYearRow = z.object({
  year: z.number(),
  name: z.string(),
  ...dayRange,
  halfYears: z.array(halfYearRow),
});
export type AcademicYearRow = z.infer<typeof academicYearRow>;

const yearField = wholeNumber(calendarLimits.yearMin, calendarLimits.yearMax);

export const calendarList = defineEndpoint({
  id: 'settings.calendar',
  method: 'POST',
  path: '/api/staff/settings/calendar.json',
  access: 'staff',
  summary:
    "The academic years, newest first, each with its first and last day and its half-years; `today` is today's year and half-year as the portal decides them from these dates.",
  request: emptyRequest,
  response: z.object({
    years: z.array(academicYearRow),
    today: z.object({ year: z.number(), ws: z.number() }),
  }),
});

export const yearSave = defineEndpoint({
  id: 'settings.yearSave',
  method: 'POST',
  path: '/api/staff/settings/calendar/year.json',
  access: 'staff',
  audit: ['settings.year'],
  summary:
    'Creates or changes academic year `year` (its starting calendar year): first day `from`, last day `to` (YYYY-MM-DD). Refused when the end is not after the start, when it overlaps another year, or when it would leave out one of its half-years.',
  request: z.object({ year: yearField, from: dateInput, to: dateInput }).check(z.superRefine(orderedRange)),
  response: academicYearRow,
});

export const yearDelete = defineEndpoint({
  id: 'settings.yearDelete',
  method: 'POST',
  path: '/api/staff/settings/calendar/year-delete.json',
  access: 'staff',
  audit: ['settings.yearDelete'],
  summary: 'Deletes academic year `year`: only one with no half-years and nothing recorded in it (409 in_use).',
  request: z.object({ year: yearField }),
  response: z.object({ deleted: z.boolean() }),
});

export const halfYearSave = defineEndpoint({
  id: 'settings.halfYearSave',
  method: 'POST',
  path: '/api/staff/settings/calendar/half-year.json',
  access: 'staff',
  audit: ['settings.halfYear'],
  summary:
    "Creates or changes half-year `ws` (1 fall, 2 spring, 3 summer) of academic year `year`: `from` … `to` (YYYY-MM-DD) within the year and overlapping none of its other half-years. Today's half-year follows these dates.",
  request: z
    .object({ year: yearField, ws: wholeNumber(1, 3), from: dateInput, to: dateInput })
    .check(z.superRefine(orderedRange)),
  response: academicYearRow,
});

export const halfYearDelete = defineEndpoint({
  id: 'settings.halfYearDelete',
  method: 'POST',
  path: '/api/staff/settings/calendar/half-year-delete.json',
  access: 'staff',
  audit: ['settings.halfYearDelete'],
  summary: 'Deletes half-year `ws` of year `year`: only one nothing refers to (registrations, timetable: 409 in_use).',
  request: z.object({ year: yearField, ws: wholeNumber(1, 3) }),
  response: academicYearRow,
});
