import * as z from 'zod/mini';
import { namedRecord } from '../fields.ts';

/** The signed-in user as the web app sees it (spec: User). */
export const sessionUser = z.object({
  id: z.number(),
  uid: z.number(),
  role: z.number(),
  login: z.string(),
  fullName: z.string(),
  /** Group name for students, null otherwise. */
  group: z.nullable(z.string()),
  /** Position (doljnost) for teachers, in the three languages; null otherwise. */
  position: z.nullable(namedRecord),
  facultyId: z.nullable(z.number()),
  newsPerms: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const credentials = {
  login: z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(64)),
  password: z.string().check(z.minLength(1, 'required'), z.maxLength(128)),
};
