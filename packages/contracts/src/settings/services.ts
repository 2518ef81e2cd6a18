import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { formFlag, idInput, idOrNew, wholeNumber } from '../fields.ts';
import { requiredName } from './common.ts';

/** The paid services students pay for (payment code, card): names in the three languages, money in tyiyn. */
export const servicesLimits = { amountMax: 100_000_000, sortMax: 999 } as const;

export const serviceRow = z.object({
  id: z.number(),
  name: z.string(),
  nameKg: z.string(),
  nameEn: z.string(),
  price: z.number(),
  amountEditable: z.boolean(),
  minAmount: z.number(),
  maxAmount: z.number(),
  active: z.boolean(),
  sortOrder: z.number(),
});
export type ServiceRow = z.infer<typeof serviceRow>;

export const servicesList = defineEndpoint({
  id: 'settings.services',
  method: 'POST',
  path: '/api/staff/settings/services.json',
  access: 'staff',
  summary: 'Every paid service, the inactive ones too, in display order (prices in tyiyn).',
  request: emptyRequest,
  response: z.array(serviceRow),
});

const amount = wholeNumber(1, servicesLimits.amountMax);

export const serviceSave = defineEndpoint({
  id: 'settings.serviceSave',
  method: 'POST',
  path: '/api/staff/settings/services/save.json',
  access: 'staff',
  audit: ['settings.service'],
  summary:
    'Creates (`id` -1) or changes a paid service: names `name`, `nameKg`, `nameEn`; its price `amount` in tyiyn; `amountEditable` with `minAmount` ≤ `amount` ≤ `maxAmount` (without it both equal the price); `active` (listed to students); `sortOrder`. Payments already made keep their amounts.',
  request: z
    .object({
      id: idOrNew,
      name: requiredName,
      nameKg: requiredName,
      nameEn: requiredName,
      amount,
      amountEditable: formFlag,
      minAmount: z.optional(amount),
      maxAmount: z.optional(amount),
      active: formFlag,
      sortOrder: z._default(wholeNumber(0, servicesLimits.sortMax), 0),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (!v.amountEditable) return;
        const min = v.minAmount ?? v.amount;
        const max = v.maxAmount ?? v.amount;
        if (min > v.amount)
          ctx.issues.push({
            code: 'custom',
            message: 'too_big',
            params: { max: v.amount },
            path: ['minAmount'],
            input: min,
          });
        if (max < v.amount)
          ctx.issues.push({
            code: 'custom',
            message: 'too_small',
            params: { min: v.amount },
            path: ['maxAmount'],
            input: max,
          });
      }),
    ),
  response: serviceRow,
});

export const serviceDelete = defineEndpoint({
  id: 'settings.serviceDelete',
  method: 'POST',
  path: '/api/staff/settings/services/delete.json',
  access: 'staff',
  audit: ['settings.serviceDelete'],
  summary:
    'Deletes paid service `id`: only one nobody has paid or got a code for (409 in_use: make it inactive instead).',
  request: z.object({ id: idInput }),
  response: z.object({ deleted: z.boolean() }),
});
