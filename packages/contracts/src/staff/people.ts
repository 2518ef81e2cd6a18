import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { anyId, formFlag, idInput, lineField, localizedName, namedRecord, pageInput, wholeNumber } from '../fields.ts';

/** The staff area's people screen (issue 30): find, open, create, move, block and reset accounts. */

export const peopleLimits = { pageSize: 25, nameMax: 60, queryMax: 100 } as const;

/** A role filter: 1 teacher, 2 student, 3 staff; 'any', '' or nothing for every role. */
const roleChoices: readonly unknown[] = [1, 2, 3, '1', '2', '3', 'any', ''];
const roleFilter = z.pipe(
  z.optional(
    z.unknown().check(
      // One issue naming the choices (a union would report its alternatives' failures, with no choices to name).
      z.superRefine((v, ctx) => {
        if (!roleChoices.includes(v))
          ctx.issues.push({ code: 'custom', message: 'invalid_choice', params: { options: '1, 2, 3, any' }, input: v });
      }),
    ),
  ),
  z.transform((v) => (v === undefined || v === '' || v === 'any' ? null : Number(v))),
);

/** Account status filter. */
export const personStatuses = ['active', 'blocked'] as const;

export const personRow = z.object({
  id: z.number(),
  login: z.string(),
  fullName: z.string(),
  role: z.number(),
  group: z.nullable(z.string()),
  blocked: z.boolean(),
});
export type PersonRow = z.infer<typeof personRow>;

/** One person as staff see them. */
export const person = z.object({
  id: z.number(),
  login: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  patronymic: z.string(),
  fullName: z.string(),
  role: z.number(),
  groupId: z.nullable(z.number()),
  group: z.nullable(z.string()),
  department: z.nullable(namedRecord),
  position: z.nullable(namedRecord),
  newsPerms: z.boolean(),
  blocked: z.boolean(),
  blockedAt: z.nullable(z.string()),
  mustChangeCredentials: z.boolean(),
  createdAt: z.string(),
});
export type Person = z.infer<typeof person>;

/** Issued credentials: shown once to the staff member; the owner must change them at first sign-in. */
export const issuedCredentials = z.object({ login: z.string(), password: z.string() });
export type IssuedCredentials = z.infer<typeof issuedCredentials>;

export const peopleSearch = defineEndpoint({
  id: 'staff.peopleSearch',
  method: 'POST',
  path: '/api/staff/people/list.json',
  access: 'staff',
  summary: `People, ${peopleLimits.pageSize} a page, by name: \`q\` (part of the name or the login), \`role\` (1 teacher, 2 student, 3 staff, or any), \`id_group\` (a student's group, or any), \`status\` (active, blocked or any).`,
  request: z.object({
    q: lineField(peopleLimits.queryMax, false),
    role: roleFilter,
    id_group: anyId,
    status: z.pipe(
      z.optional(z.enum([...personStatuses, 'any', ''], 'invalid_choice')),
      z.transform((v) => (v === 'active' || v === 'blocked' ? v : null)),
    ),
    page: pageInput,
  }),
  response: z.object({
    items: z.array(personRow),
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
  }),
});

export const peopleOptions = defineEndpoint({
  id: 'staff.peopleOptions',
  method: 'POST',
  path: '/api/staff/people/options.json',
  access: 'staff',
  summary: 'What the people forms choose from: groups, departments and positions (named in the three languages).',
  request: emptyRequest,
  response: z.object({
    groups: z.array(z.object({ id: z.number(), name: z.string() })),
    departments: z.array(z.object({ id: z.number(), ...localizedName })),
    positions: z.array(z.object({ id: z.number(), ...localizedName })),
  }),
});

export const personDetails = defineEndpoint({
  id: 'staff.person',
  method: 'POST',
  path: '/api/staff/people/person.json',
  access: 'staff',
  summary: 'One person: role, group (students), department and position (teachers), news permission, status.',
  request: z.object({ id: idInput }),
  response: person,
});

const nameField = lineField(peopleLimits.nameMax, true);

export const personCreate = defineEndpoint({
  id: 'staff.personCreate',
  method: 'POST',
  path: '/api/staff/people/create.json',
  access: 'staff',
  audit: ['person.create'],
  summary:
    'Creates a student (`role` 2, `id_group`) or a teacher (`role` 1, `id_department`, `id_position`) with issued credentials: answers the person and the login and password, shown this once; the owner must change them at first sign-in.',
  request: z
    .object({
      role: wholeNumber(1, 2),
      lastName: nameField,
      firstName: nameField,
      patronymic: lineField(peopleLimits.nameMax, false),
      id_group: anyId,
      id_department: anyId,
      id_position: anyId,
    })
    .check(
      z.superRefine((v, ctx) => {
        const need = (path: string) => ctx.issues.push({ code: 'custom', message: 'required', path: [path], input: v });
        if (v.role === 2 && v.id_group === null) need('id_group');
        if (v.role === 1 && v.id_department === null) need('id_department');
        if (v.role === 1 && v.id_position === null) need('id_position');
      }),
    ),
  response: z.object({ person, credentials: issuedCredentials }),
});

export const personMove = defineEndpoint({
  id: 'staff.personMove',
  method: 'POST',
  path: '/api/staff/people/group.json',
  access: 'staff',
  audit: ['person.move'],
  summary: 'Moves student `id` to group `id_group` (409 conflict for a person who is not a student).',
  request: z.object({ id: idInput, id_group: idInput }),
  response: person,
});

export const personNewsPerms = defineEndpoint({
  id: 'staff.personNewsPerms',
  method: 'POST',
  path: '/api/staff/people/news-perms.json',
  access: 'staff',
  audit: ['person.newsPerms'],
  summary: "Turns person `id`'s permission to publish news (`newsPerms`) on or off.",
  request: z.object({ id: idInput, newsPerms: formFlag }),
  response: person,
});

export const personBlock = defineEndpoint({
  id: 'staff.personBlock',
  method: 'POST',
  path: '/api/staff/people/block.json',
  access: 'staff',
  audit: ['person.block', 'person.unblock'],
  summary:
    'Blocks (`blocked` true) or unblocks person `id`. A blocked account cannot sign in, and its sessions end at once on every instance (its chat sockets close). Staff cannot block themselves (409 conflict).',
  request: z.object({ id: idInput, blocked: formFlag }),
  response: person,
});

export const personResetCredentials = defineEndpoint({
  id: 'staff.personReset',
  method: 'POST',
  path: '/api/staff/people/reset.json',
  access: 'staff',
  audit: ['person.resetCredentials'],
  summary:
    "Gives person `id` a new issued login and password, shown this once, to be changed at first sign-in (LOG_PAS 1); the person's sessions end. Staff cannot reset their own (409 conflict).",
  request: z.object({ id: idInput }),
  response: issuedCredentials,
});
