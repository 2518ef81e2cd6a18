import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
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
