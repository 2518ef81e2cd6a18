import * as z from 'zod/mini';
import { auditActions } from '../audit-actions.ts';
import { defineEndpoint } from '../endpoint.ts';
import { anyId, pageInput } from '../fields.ts';

export const auditLimits = { pageSize: 50 } as const;

const day = z.pipe(
  z.optional(z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'invalid_format'))),
  z.transform((v) => (v ? v : null)),
);

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number(),
  actorLogin: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.nullable(z.number()),
  targetName: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditList = defineEndpoint({
  id: 'staff.audit',
  method: 'POST',
  path: '/api/staff/audit/list.json',
  access: 'staff',
  summary: `The audit log, newest first, ${auditLimits.pageSize} a page: filtered by \`id_actor\` (who acted), \`id_target\` (whom it concerned), \`action\`, and the day from/to (YYYY-MM-DD, Asia/Bishkek, both included). The log cannot be edited.`,
  request: z.object({
    id_actor: anyId,
    id_target: anyId,
    action: z.pipe(
      z.optional(z.enum([...auditActions, 'any', ''], 'invalid_choice')),
      z.transform((v) => (v === undefined || v === '' || v === 'any' ? null : v)),
    ),
    from: day,
    to: day,
    page: pageInput,
  }),
  response: z.object({
    items: z.array(auditEntry),
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
    /** The staff members who appear in the log, for the filter. */
    actors: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});
