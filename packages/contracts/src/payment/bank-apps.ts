import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { localizedName } from '../fields.ts';

export const bankApp = z.object({
  id: z.string(),
  ...localizedName,
  /** A small image (a data: URL of an SVG). */
  logo: z.string(),
  /** The app's link prefix: prefix + '#' + the QR payload opens the app with the payment filled in. */
  prefix: z.string(),
});
export type BankApp = z.infer<typeof bankApp>;

export const bankApps = defineEndpoint({
  id: 'payment.bankApps',
  method: 'POST',
  path: '/misc/dinurls.json',
  access: 'authenticated',
  summary:
    "The mobile bank apps that open a payment link (spec: dinurls), the national universal router first: each with its name, logo and link prefix. On a phone, prefix + '#' + the payload of misc/paymentcode opens the app with the payment filled in.",
  request: emptyRequest,
  response: z.array(bankApp),
});
