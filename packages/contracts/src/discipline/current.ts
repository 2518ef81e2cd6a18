import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';

export const currentHalfYear = defineEndpoint({
  id: 'discipline.currentWs',
  method: 'GET',
  path: '/api/discipline/current/ws.json',
  access: 'authenticated',
  summary: 'The current half-year (ws): 1 fall, 2 spring, 3 summer; 2 when the calendar does not say.',
  request: emptyRequest,
  response: z.object({ ws: z.number() }),
});

export const currentYear = defineEndpoint({
  id: 'discipline.currentYear',
  method: 'GET',
  path: '/api/discipline/current/year.json',
  access: 'authenticated',
  summary: 'The current academic year (id is its starting year).',
  request: emptyRequest,
  response: z.object({ year: z.number(), name: z.string() }),
});
