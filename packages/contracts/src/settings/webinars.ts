import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { httpsAddressOrNone } from '../webinars/webinars.ts';

/**
 * The base address of the university's meeting server (e.g. https://meet.jit.si/): with it the portal makes an online
 * lesson's room by itself (the base plus an unguessable name), so a teacher may paste no link; '' for none.
 */
export const webinarBaseSettings = defineEndpoint({
  id: 'settings.webinarBase',
  method: 'POST',
  path: '/api/staff/settings/webinar-base.json',
  access: 'staff',
  summary: "The base address from which online lessons' rooms are made ('' when none is set: teachers paste a link).",
  request: emptyRequest,
  response: z.object({ base: z.string() }),
});

export const webinarBaseSave = defineEndpoint({
  id: 'settings.webinarBaseSave',
  method: 'POST',
  path: '/api/staff/settings/webinar-base-save.json',
  access: 'staff',
  audit: ['settings.webinarBase'],
  summary:
    "Sets the base address (`base`, https; '' to clear) from which online lessons' rooms are made; links already given stay.",
  request: z.object({ base: httpsAddressOrNone }),
  response: z.object({ base: z.string() }),
});
