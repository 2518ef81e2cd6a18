import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { wholeNumber } from '../fields.ts';
import { optionalName, requiredName } from './common.ts';

/** The institution's name and logo, as /logo.json gives them to the sign-in screen. */
export const institutionLimits = { logoMaxBytes: 1024 * 1024, widthMin: 5, widthMax: 100, fontMin: 8, fontMax: 48 };

export const institution = z.object({
  name: z.string(),
  nameKg: z.string(),
  nameEn: z.string(),
  width: z.number(),
  fontsize: z.number(),
  /** The logo's address (changes with each new logo), or '' for none. */
  logo: z.string(),
});
export type Institution = z.infer<typeof institution>;

export const institutionGet = defineEndpoint({
  id: 'settings.institution',
  method: 'POST',
  path: '/api/staff/settings/institution.json',
  access: 'staff',
  summary:
    "The institution's name in the three languages, the logo's address, its width (percent) and the name's font size (px).",
  request: emptyRequest,
  response: institution,
});

export const institutionSave = defineEndpoint({
  id: 'settings.institutionSave',
  method: 'POST',
  path: '/api/staff/settings/institution/save.json',
  access: 'staff',
  audit: ['settings.institution'],
  summary: `Saves the institution's name (\`name\` Russian, required; \`nameKg\`, \`nameEn\`), the logo's \`width\` (${institutionLimits.widthMin}–${institutionLimits.widthMax} percent) and the name's \`fontsize\` (${institutionLimits.fontMin}–${institutionLimits.fontMax} px). /logo.json shows it at once.`,
  request: z.object({
    name: requiredName,
    nameKg: optionalName,
    nameEn: optionalName,
    width: wholeNumber(institutionLimits.widthMin, institutionLimits.widthMax),
    fontsize: wholeNumber(institutionLimits.fontMin, institutionLimits.fontMax),
  }),
  response: institution,
});

export const logoUpload = defineEndpoint({
  id: 'settings.logoUpload',
  method: 'POST',
  path: '/api/staff/settings/institution/logo.json',
  access: 'staff',
  audit: ['settings.logo'],
  requestKind: 'multipart',
  summary: `Replaces the logo: one file part, a PNG, JPEG or WebP image of at most ${institutionLimits.logoMaxBytes / 1024} KB (400 without a file, 415 for anything else, 413 beyond). /logo.json then gives the new address.`,
  request: emptyRequest,
  response: institution,
});
