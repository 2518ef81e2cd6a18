import * as z from 'zod/mini';
import { callerEcho, defineEndpoint, emptyRequest } from '../endpoint.ts';
import { anyId, idInput, localizedName } from '../library/common.ts';
import { paidService } from './payment.ts';

export const paymentServices = defineEndpoint({
  id: 'payment.services',
  method: 'GET',
  path: '/misc/uslugi.json',
  access: 'authenticated',
  summary:
    'The paid services (spec: uslugi) in display order, with names in the three portal languages and the price in tyiyn; `amountEditable` services accept any amount from `minAmount` to `maxAmount`.',
  request: emptyRequest,
  response: z.array(paidService),
});

export const studentGroup = z.object({ id_group: z.number(), ...localizedName });

export const paymentGroups = defineEndpoint({
  id: 'payment.groups',
  method: 'POST',
  path: '/misc/getgroups.json',
  access: 'student',
  summary:
    "The calling student's groups in academic year `id_a_year` (the group the student studies in). `id_student`, when sent, must be the caller's own id (403 otherwise).",
  request: z.object({ ...callerEcho, id_a_year: idInput, id_student: anyId }),
  response: z.array(studentGroup),
});
