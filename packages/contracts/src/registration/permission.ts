import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { periodFields } from './common.ts';

export const electivePermission = defineEndpoint({
  id: 'registration.electivePermission',
  method: 'POST',
  path: '/api/regfordisciplines/optional/permission.json',
  access: 'student',
  summary:
    'Whether the calling student may register for electives in the half-year (`id_a_year`, `ws`; default: the registration default): the portal allows elective registration and the student holds the permission for that half-year.',
  request: z.object(periodFields),
  response: z.object({ permission: z.boolean() }),
});
