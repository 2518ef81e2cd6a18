import * as z from 'zod/mini';
import { callerEcho, defineEndpoint, emptyRequest } from '../endpoint.ts';
import { idInput, localizedName } from '../fields.ts';

// The lists of the single window's order form (spec: Single-window screen). Each answers a plain list in display order;
// the web app adds the blank ' --- ' entry with id -1.

export const documentType = z.object({ id: z.number(), ...localizedName });
export type DocumentType = z.infer<typeof documentType>;

export const region = z.object({ id: z.number(), ...localizedName });
export const district = z.object({ id: z.number(), id_region: z.number(), ...localizedName });
export const purpose = z.object({ id: z.number(), ...localizedName });

export const documentList = defineEndpoint({
  id: 'singleWindow.documentList',
  method: 'POST',
  path: '/api/singlewindow/doc/list.json',
  access: 'authenticated',
  summary:
    'The kinds of reference document the university issues (certificate of study, for the military registration office, for the Social Fund…), with their names in the three portal languages.',
  request: z.object({ ...callerEcho }),
  response: z.array(documentType),
});

export const regionList = defineEndpoint({
  id: 'singleWindow.regionList',
  method: 'POST',
  path: '/api/singlewindow/region/list.json',
  access: 'authenticated',
  summary:
    'The regions of the Kyrgyz Republic (the cities of Bishkek and Osh, then the seven oblasts): where the document is to be presented.',
  request: emptyRequest,
  response: z.array(region),
});

export const districtList = defineEndpoint({
  id: 'singleWindow.districtList',
  method: 'POST',
  path: '/api/singlewindow/district/list.json',
  access: 'authenticated',
  summary:
    'The districts of region `id_region` (and the cities of regional significance, which stand beside them), by name; an unknown region has none.',
  request: z.object({ id_region: idInput }),
  response: z.array(district),
});

export const purposeList = defineEndpoint({
  id: 'singleWindow.purposeList',
  method: 'POST',
  path: '/api/singlewindow/naznachenie/list.json',
  access: 'authenticated',
  summary: "What a document is for (the spec's naznachenie): at the place of request, of work, of the parents' work…",
  request: emptyRequest,
  response: z.array(purpose),
});
