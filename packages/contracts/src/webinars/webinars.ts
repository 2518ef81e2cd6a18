import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { dateInput, formFlag, idInput, lineField, localizedName } from '../fields.ts';
import { timeInput } from '../settings/common.ts';

/**
 * Online lessons (webinars, issue 41): a teacher's meeting link on a lesson of their timetable (one date, or every
 * week) or on an online lesson of their own for an audience of their teaching (a date, a start and an end). The
 * students of the audience get the link from `joinBeforeMin` minutes before the start until the end, by the server's
 * clock (Asia/Bishkek); outside that window the link is not sent to them. The teacher always gets their links.
 */
export const webinarLimits = { urlMax: 500, titleMax: 200, joinBeforeMin: 10, pastDays: 30, aheadDays: 14 } as const;

/**
 * An https address (a meeting room, a recording): an absolute https:// URL with a host, no spaces and no user name
 * or password in it. Refused as `https_address`.
 */
export function isHttpsAddress(v: string): boolean {
  if (v.length > webinarLimits.urlMax || /\s/.test(v)) return false;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const httpsAddress = z
  .string()
  .check(z.trim(), z.refine(isHttpsAddress, { error: 'https_address', abort: true }));
/** An https address, or '' (none given: the portal makes a room from the base address, or clears a recording). */
export const httpsAddressOrNone = z._default(
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || isHttpsAddress(v), { error: 'https_address', abort: true }),
  ),
  '',
);

export const audienceKinds = ['group', 'subgroup', 'stream'] as const;
export type AudienceKind = (typeof audienceKinds)[number];
const audience = z.object({ kind: z.enum(audienceKinds), id: z.number(), name: z.string() });

/** Where an online lesson stands at the server's `now`: still ahead, open to join (10 minutes before to the end), over. */
export const webinarStates = ['upcoming', 'open', 'past'] as const;

/**
 * One online lesson on one date: the webinar (`id`) and, for a timetable lesson, its entry (`id_shed`, with `weekly`
 * when the link is there every week). `url` is the meeting link: for a student only while `state` is 'open', else
 * null; `recording` the recording's link, once added.
 */
export const webinarItem = z.object({
  id: z.number(),
  id_shed: z.nullable(z.number()),
  weekly: z.boolean(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** When "Join" appears (ISO instant): `joinBeforeMin` minutes before the start. */
  opensAt: z.string(),
  title: z.string(),
  discipline: z.nullable(z.object(localizedName)),
  lessonKind: z.nullable(z.object(localizedName)),
  audience,
  teacher: z.object({ id: z.number(), name: z.string() }),
  state: z.enum(webinarStates),
  url: z.nullable(z.string()),
  recording: z.nullable(z.string()),
  /** The caller made it (a teacher's own): they may change or remove it. */
  mine: z.boolean(),
});
export type WebinarItem = z.infer<typeof webinarItem>;

export const webinarsList = defineEndpoint({
  id: 'webinars.list',
  method: 'POST',
  path: '/api/webinars/list.json',
  access: 'authenticated',
  summary: `The caller's online lessons from ${webinarLimits.pastDays} days back to ${webinarLimits.aheadDays} days ahead, by date and start: a teacher's own (links always given), a student's of their group, subgroups and streams (the link only from ${webinarLimits.joinBeforeMin} minutes before the start to the end). Staff get none.`,
  request: emptyRequest,
  response: z.object({ items: z.array(webinarItem) }),
});

/** A lesson of the teacher's timetable that a link can go on: its entry, weekday, slot and what it is. */
const timetableLesson = z.object({
  id_shed: z.number(),
  day_number: z.number(),
  parity: z.enum(['every', 'odd', 'even']),
  start: z.string(),
  end: z.string(),
  discipline: z.object(localizedName),
  lessonKind: z.object(localizedName),
  audience,
});
export type WebinarTimetableLesson = z.infer<typeof timetableLesson>;

export const webinarsOptions = defineEndpoint({
  id: 'webinars.options',
  method: 'POST',
  path: '/api/webinars/options.json',
  access: 'teacher',
  summary:
    "What a teacher's forms offer: the lessons of their timetable this half-year, the audiences they teach (groups, subgroups, streams), the bell schedule (start and end presets) and whether the university's base address makes a meeting room by itself (then the link may be left out).",
  request: emptyRequest,
  response: z.object({
    lessons: z.array(timetableLesson),
    audiences: z.array(audience),
    timeSlots: z.array(z.object({ number: z.number(), start: z.string(), end: z.string() })),
    roomMade: z.boolean(),
  }),
});

export const webinarsAttach = defineEndpoint({
  id: 'webinars.attach',
  method: 'POST',
  path: '/api/webinars/attach.json',
  access: 'teacher',
  summary:
    "Puts a meeting link (`url`, https; left out: a room made from the university's base address, else 400 link_required) on lesson `id_shed` of the calling teacher's timetable: on `date` (YYYY-MM-DD, a date the lesson takes place), or every week with `weekly`. A link of that date (or the weekly one) already there is replaced. Another teacher's lesson: 404.",
  request: z.object({ id_shed: idInput, weekly: formFlag, date: z.optional(dateInput), url: httpsAddressOrNone }).check(
    z.superRefine((v, ctx) => {
      if (!v.weekly && !v.date) ctx.issues.push({ code: 'custom', message: 'required', path: ['date'], input: v.date });
    }),
  ),
  response: webinarItem,
});

export const webinarsCreate = defineEndpoint({
  id: 'webinars.create',
  method: 'POST',
  path: '/api/webinars/create.json',
  access: 'teacher',
  summary:
    'Creates an online lesson of the calling teacher for an audience they teach (`audience` group, subgroup or stream, `id_audience`) on `date` from `start` to `end` (HH:MM, Asia/Bishkek, any minute), titled `title`, with meeting link `url` (as for attach). An audience they do not teach: 403.',
  request: z
    .object({
      audience: z.enum(audienceKinds),
      id_audience: idInput,
      date: dateInput,
      start: timeInput,
      end: timeInput,
      title: lineField(webinarLimits.titleMax, true),
      url: httpsAddressOrNone,
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.end <= v.start) ctx.issues.push({ code: 'custom', message: 'after_start', path: ['end'], input: v.end });
      }),
    ),
  response: webinarItem,
});

export const webinarsUpdate = defineEndpoint({
  id: 'webinars.update',
  method: 'POST',
  path: '/api/webinars/update.json',
  access: 'teacher',
  summary:
    "Changes the meeting link (`url`, https) of the calling teacher's webinar `id`; another's: 404. Left out: a new room from the base address.",
  request: z.object({ id: idInput, url: httpsAddressOrNone }),
  response: z.object({ id: z.number(), url: z.string() }),
});

export const webinarsRecording = defineEndpoint({
  id: 'webinars.recording',
  method: 'POST',
  path: '/api/webinars/recording.json',
  access: 'teacher',
  summary:
    "Adds (or, with `url` '', removes) the recording of the calling teacher's webinar `id` on `date` (a date it took place); another's: 404.",
  request: z.object({ id: idInput, date: dateInput, url: httpsAddressOrNone }),
  response: z.object({ id: z.number(), date: z.string(), recording: z.nullable(z.string()) }),
});

export const webinarsRemove = defineEndpoint({
  id: 'webinars.remove',
  method: 'POST',
  path: '/api/webinars/remove.json',
  access: 'teacher',
  summary:
    "Removes the calling teacher's webinar `id` (every date of a weekly link, and its recordings); another's: 404.",
  request: z.object({ id: idInput }),
  response: z.object({ deleted: z.boolean() }),
});

/** A timetable lesson's link of a date, as the schedule and home show it (url only inside the join window). */
export const lessonOnline = z.object({
  id: z.number(),
  state: z.enum(webinarStates),
  url: z.nullable(z.string()),
  recording: z.nullable(z.string()),
});
export type LessonOnline = z.infer<typeof lessonOnline>;
