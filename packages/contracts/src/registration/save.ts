import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';
import { savedRegistration, saveFields } from './common.ts';

const rules =
  'Refused when the window is closed (409 registration_closed), the discipline is not in the curriculum of the semester (403 not_in_curriculum), an elective without the permission (403 elective_not_permitted), the student holds the discipline and lesson kind already (409 already_registered), the credits would pass the cap (409 credit_limit, with cap, used and credits), or the offering has no seats left (409 no_seats). Seats are taken in the same database transaction as the registration is written: an offering is never over-filled, whatever the number of server instances. Takes an `Idempotency-Key`.';

export const saveRegistration = defineEndpoint({
  id: 'registration.save',
  method: 'POST',
  path: '/api/regfordisciplines/saveregistration.json',
  access: 'student',
  summary: `Registers the calling student for discipline \`id_discipline\` with teacher \`id_teacher\`'s offering \`subgroup\` in the half-year (\`id_a_year\`, \`ws\`). ${rules}`,
  request: z.object(saveFields),
  response: savedRegistration,
  idempotent: true,
});

export const saveRegistrationByKind = defineEndpoint({
  id: 'registration.saveByKind',
  method: 'POST',
  path: '/api/regfordisciplines/bytype/actionegistration.json',
  access: 'student',
  summary: `Registers the calling student for lesson kind \`id_vid_zaniatiy\` (required) of discipline \`id_discipline\`, with teacher \`id_teacher\`'s offering \`subgroup\`. ${rules}`,
  request: z.object({ ...saveFields, id_vid_zaniatiy: idInput }),
  response: savedRegistration,
  idempotent: true,
});
