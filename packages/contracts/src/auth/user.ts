import { z } from 'zod';

/** The signed-in user as the web app sees it (spec: User). */
export const sessionUser = z.object({
  id: z.number(),
  uid: z.number(),
  role: z.number(),
  login: z.string(),
  fullName: z.string(),
  /** Group name for students, null otherwise. */
  group: z.string().nullable(),
  /** Position (doljnost) for teachers, null otherwise. */
  position: z.string().nullable(),
  facultyId: z.number().nullable(),
  newsPerms: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const credentials = {
  login: z.string().trim().min(1, 'Login is required').max(64, 'Login is at most 64 characters'),
  password: z.string().min(1, 'Password is required').max(128, 'Password is at most 128 characters'),
};
