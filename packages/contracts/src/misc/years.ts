import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';

export const yearOption = z.object({ id: z.number(), name: z.string() });

export const years = defineEndpoint({
  id: 'misc.years',
  method: 'GET',
  path: '/misc/years.json',
  access: 'authenticated',
  summary: "Six academic-year options 'YYYY-YY', from the current year minus 4 to plus 1. The id is the starting year.",
  request: emptyRequest,
  response: z.array(yearOption),
});

export const defaultYear = defineEndpoint({
  id: 'misc.defaultYear',
  method: 'GET',
  path: '/misc/defaultyear.json',
  access: 'authenticated',
  summary:
    'The default academic year: the current calendar year after September (month index 8), else the previous one.',
  request: emptyRequest,
  response: yearOption,
});
