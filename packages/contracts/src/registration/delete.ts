import * as z from 'zod/mini';
import { academicYearInput, halfYearInput } from '../discipline/filters.ts';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';
import { deletedRegistration } from './common.ts';

const rules =
  "Only while the half-year's registration window is open (409 registration_closed); another student's registration, or none, answers 404. The offering's seat is given back.";

export const deleteRegistration = defineEndpoint({
  id: 'registration.delete',
  method: 'POST',
  path: '/api/regfordisciplines/deleteregistration.json',
  access: 'student',
  summary: `Deletes the calling student's registration \`id_disciplineForStudent\`. ${rules}`,
  request: z.object({ ...callerEcho, id_disciplineForStudent: idInput }),
  response: deletedRegistration,
});

export const deleteRegistrationByKind = defineEndpoint({
  id: 'registration.deleteByKind',
  method: 'POST',
  path: '/api/regfordisciplines/bytype/deleteregistration.json',
  access: 'student',
  summary: `Deletes the calling student's registration for lesson kind \`id_vid_zaniatiy\` of discipline \`id_discipline\` in the half-year (\`id_a_year\`, \`ws\`). ${rules}`,
  request: z.object({
    ...callerEcho,
    id_a_year: academicYearInput,
    ws: halfYearInput,
    id_discipline: idInput,
    id_vid_zaniatiy: idInput,
  }),
  response: deletedRegistration,
});
