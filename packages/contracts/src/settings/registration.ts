import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { anyId, formFlag, idInput, wholeNumber } from '../fields.ts';
import { calendarLimits } from './calendar.ts';
import { localMomentInput } from './common.ts';

/**
 * Registration settings: each half-year's window (when students may register, Asia/Bishkek time, and their credit
 * cap), the portal-wide switch for electives, and which students hold the elective permission in a half-year.
 */
export const windowRow = z.object({
  year: z.number(),
  ws: z.number(),
  /** YYYY-MM-DDTHH:MM, Asia/Bishkek. */
  from: z.string(),
  to: z.string(),
  creditCap: z.number(),
});
export type WindowRow = z.infer<typeof windowRow>;

const halfYearOf = { year: wholeNumber(calendarLimits.yearMin, calendarLimits.yearMax), ws: wholeNumber(1, 3) };

export const registrationSettings = defineEndpoint({
  id: 'settings.registration',
  method: 'POST',
  path: '/api/staff/settings/registration.json',
  access: 'staff',
  summary:
    "The registration windows (newest first), whether students may register for electives at all, the half-years of the calendar to choose from, and today's half-year (`today`).",
  request: emptyRequest,
  response: z.object({
    electiveRegistration: z.boolean(),
    windows: z.array(windowRow),
    halfYears: z.array(z.object({ year: z.number(), name: z.string(), ws: z.number() })),
    today: z.object({ year: z.number(), ws: z.number() }),
  }),
});

export const windowSave = defineEndpoint({
  id: 'settings.windowSave',
  method: 'POST',
  path: '/api/staff/settings/registration/window.json',
  access: 'staff',
  audit: ['settings.window'],
  summary:
    "Opens registration for half-year `ws` of year `year` from `from` to `to` (YYYY-MM-DDTHH:MM, Asia/Bishkek; the end after the start) with a cap of `kredits` credits (1–200); replaces the half-year's window.",
  request: z
    .object({ ...halfYearOf, from: localMomentInput, to: localMomentInput, kredits: wholeNumber(1, 200) })
    .check(
      z.superRefine((v, ctx) => {
        if (v.to <= v.from) ctx.issues.push({ code: 'custom', message: 'after_start', path: ['to'], input: v.to });
      }),
    ),
  response: windowRow,
});

export const windowDelete = defineEndpoint({
  id: 'settings.windowDelete',
  method: 'POST',
  path: '/api/staff/settings/registration/window-delete.json',
  access: 'staff',
  audit: ['settings.windowDelete'],
  summary: "Removes the half-year's registration window: registration for it is closed.",
  request: z.object(halfYearOf),
  response: z.object({ deleted: z.boolean() }),
});

export const electiveSwitch = defineEndpoint({
  id: 'settings.electiveSwitch',
  method: 'POST',
  path: '/api/staff/settings/registration/electives.json',
  access: 'staff',
  audit: ['settings.electives'],
  summary:
    'Turns elective registration on or off for the whole portal (`isElective`); a student also needs the permission.',
  request: z.object({ isElective: formFlag }),
  response: z.object({ electiveRegistration: z.boolean() }),
});

export const permissionRow = z.object({ id: z.number(), name: z.string(), group: z.string() });

export const permissionList = defineEndpoint({
  id: 'settings.permissions',
  method: 'POST',
  path: '/api/staff/settings/registration/permissions.json',
  access: 'staff',
  summary:
    'The students who hold the elective permission in half-year `ws` of year `year`, by group and name, with the groups to grant it to.',
  request: z.object(halfYearOf),
  response: z.object({
    students: z.array(permissionRow),
    groups: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});

export const permissionGrant = defineEndpoint({
  id: 'settings.permissionGrant',
  method: 'POST',
  path: '/api/staff/settings/registration/permission-grant.json',
  access: 'staff',
  audit: ['settings.permissionGrant'],
  summary:
    'Gives the elective permission in half-year `ws` of year `year` to every student of group `id_group`, or to student `id_student` (one of the two); answers how many students gained it.',
  request: z.object({ ...halfYearOf, id_group: anyId, id_student: anyId }).check(
    z.superRefine((v, ctx) => {
      if ((v.id_group === null) === (v.id_student === null))
        ctx.issues.push({ code: 'custom', message: 'required', path: ['id_group'], input: v.id_group });
    }),
  ),
  response: z.object({ added: z.number() }),
});

export const permissionRevoke = defineEndpoint({
  id: 'settings.permissionRevoke',
  method: 'POST',
  path: '/api/staff/settings/registration/permission-revoke.json',
  access: 'staff',
  audit: ['settings.permissionRevoke'],
  summary: "Takes back student `id_student`'s elective permission in half-year `ws` of year `year`.",
  request: z.object({ ...halfYearOf, id_student: idInput }),
  response: z.object({ deleted: z.boolean() }),
});
