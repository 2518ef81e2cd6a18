import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';

/**
 * A private calendar subscription (iCalendar): an address that Google, Apple and Outlook calendars subscribe to, with
 * the caller's lessons of the current half-year as weekly (or, for a week parity, fortnightly) events. The address
 * carries a secret token; only its hash is kept, so the address is shown once, when made. Making a new one revokes
 * the old.
 */
export const calendarState = z.object({
  enabled: z.boolean(),
  /** When the current address was made (ISO 8601, UTC), or null. */
  createdAt: z.nullable(z.string()),
});

export const calendarStatus = defineEndpoint({
  id: 'schedule.calendarStatus',
  method: 'POST',
  path: '/api/schedule/calendar/status.json',
  access: 'authenticated',
  summary: "Whether the caller's calendar subscription is on, and since when.",
  request: emptyRequest,
  response: calendarState,
});

export const calendarEnable = defineEndpoint({
  id: 'schedule.calendarEnable',
  method: 'POST',
  path: '/api/schedule/calendar/enable.json',
  access: 'authenticated',
  summary:
    "Turns the caller's calendar subscription on with a new secret address (path and query; the old address stops working). The address is shown only now.",
  request: emptyRequest,
  response: z.object({ enabled: z.literal(true), createdAt: z.string(), url: z.string() }),
});

export const calendarRevoke = defineEndpoint({
  id: 'schedule.calendarRevoke',
  method: 'POST',
  path: '/api/schedule/calendar/revoke.json',
  access: 'authenticated',
  summary: "Turns the caller's calendar subscription off: its address stops working at once.",
  request: emptyRequest,
  response: calendarState,
});

/** The subscription token: 32 random bytes, base64url. */
export const calendarToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid_format'));

export const calendarFeed = defineEndpoint({
  id: 'schedule.calendarFeed',
  method: 'GET',
  path: '/api/schedule/calendar.ics',
  access: 'public',
  replyKind: 'file',
  summary:
    'The iCalendar feed (text/calendar) of a calendar subscription, by its secret token: the lessons of the current half-year, each a weekly or fortnightly recurring event in UTC with the room as location. An unknown or revoked token answers 404.',
  request: z.object({ token: calendarToken }),
  response: z.never(),
});

export const calendarFeedUrl = (token: string) => `${calendarFeed.path}?token=${token}`;
