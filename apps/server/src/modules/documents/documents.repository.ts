import type { DocumentKind, RevocableKind } from '@okuu/contracts/documents/documents';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Change, Changes } from '../../lib/changes.ts';

/** An issued document as the register reads it. */
export interface DocumentRow {
  kind: DocumentKind;
  id: number;
  personId: number;
  fullName: string;
  number: string | null;
  issued: Date | string;
  title: { name: string; nameKg: string; nameEn: string } | null;
  detail: string | null;
  code: string | null;
  revokedAt: Date | string | null;
  reason: string | null;
}

export interface RegisterFilter {
  /** Whose documents (null: everyone's). */
  personId: number | null;
  /** Part of the number, the name or the login (already trimmed); '' for any. */
  q: string;
  /** A verification code read from `q` (XXXX-XXXX-XXXX), or null. */
  code: string | null;
  kind: DocumentKind | null;
  revoked: boolean | null;
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const named = (t: string) =>
  sql.raw(`json_build_object('name', ${t}.name, 'nameKg', ${t}.name_kg, 'nameEn', ${t}.name_en)`);

/**
 * Every issued document, read from the tables that issued it (nothing is copied): prepared references, paid
 * payments' receipts, each student's transcript (once they have a final result), and the grading sheets their
 * teacher closed. `person` narrows every branch to one person's, so each reads through its own index.
 */
function issued(person: number | null): SQL {
  const whose = (column: string) => (person === null ? sql`true` : sql`${sql.raw(column)} = ${person}`);
  return sql`
    select 'reference' as kind, o.id, o.student_id as person_id, o.number, o.issued_at as issued,
           json_build_object('name', o.issued #>> '{document,name}', 'nameKg', o.issued #>> '{document,nameKg}',
             'nameEn', o.issued #>> '{document,nameEn}') as title,
           null::text as detail, o.verification_code as code
      from document_orders o where o.status = 'prepared' and ${whose('o.student_id')}
    union all
    select 'receipt', p.id, p.student_id, p.id::text, p.paid_at, ${named('s')}, y.name, null
      from payments p join paid_services s on s.id = p.service_id join academic_years y on y.id = p.academic_year_id
     where p.status = 'paid' and p.paid_at is not null and ${whose('p.student_id')}
    union all
    select 'transcript', r.student_id, r.student_id, null, max(r.recorded_at), null, null, null
      from final_results r where ${whose('r.student_id')} group by r.student_id
    union all
    select 'gradingSheet', g.id, g.closed_by, null, g.closed_at, ${named('d')}, coalesce(gr.name, st.name), null
      from grading_sheets g join disciplines d on d.id = g.discipline_id
      left join groups gr on gr.id = g.group_id left join streams st on st.id = g.stream_id
     where g.status = 'closed' and g.closed_by is not null and ${whose('g.closed_by')}`;
}

const columns = sql`d.kind, d.id, d.person_id as "personId",
  concat_ws(' ', u.last_name, u.first_name, u.patronymic) as "fullName", d.number, d.issued, d.title, d.detail,
  d.code, v.revoked_at as "revokedAt", v.reason`;

function where(f: RegisterFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.kind) parts.push(sql`d.kind = ${f.kind}`);
  if (f.revoked !== null) parts.push(f.revoked ? sql`v.kind is not null` : sql`v.kind is null`);
  if (f.q) {
    const like = containing(f.q);
    const found = [
      sql`d.number ilike ${like}`,
      sql`concat_ws(' ', u.last_name, u.first_name, u.patronymic) ilike ${like}`,
      sql`u.login ilike ${like}`,
      sql`d.code ilike ${like}`,
    ];
    if (f.code) found.push(sql`d.code = ${f.code}`);
    parts.push(sql`(${sql.join(found, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

export function createDocumentsRepository(db: Db, changes: Changes) {
  const from = (person: number | null) => sql`(${issued(person)}) d
    join users u on u.id = d.person_id
    left join document_revocations v on v.kind = d.kind and v.source_id = d.id`;

  return {
    /** One person's documents, newest first. */
    async ofPerson(personId: number): Promise<DocumentRow[]> {
      return rowsOf<DocumentRow>(
        await db.execute(sql`select ${columns} from ${from(personId)} order by d.issued desc, d.kind, d.id desc`),
      );
    },

    /** A page of the register (`limit` rows from `offset`), newest first, and how many match. */
    async register(f: RegisterFilter, offset: number, limit: number): Promise<{ rows: DocumentRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        db.execute(
          sql`select ${columns} from ${from(f.personId)} where ${where(f)}
              order by d.issued desc, d.kind, d.id desc offset ${offset} limit ${limit}`,
        ),
        db.execute(sql`select count(*)::int as n from ${from(f.personId)} where ${where(f)}`),
      ]);
      return { rows: rowsOf<DocumentRow>(rows), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
    },

    /** One issued document of `kind` (null: there is none). */
    async one(kind: DocumentKind, id: number): Promise<DocumentRow | null> {
      const [row] = rowsOf<DocumentRow>(
        await db.execute(sql`select ${columns} from ${from(null)} where d.kind = ${kind} and d.id = ${id} limit 1`),
      );
      return row ?? null;
    },

    /** When and why document `kind` `id` was revoked (null: it was not). */
    async revocation(kind: DocumentKind, id: number): Promise<{ at: Date | string; reason: string } | null> {
      const [row] = rowsOf<{ at: Date | string; reason: string }>(
        await db.execute(
          sql`select revoked_at as at, reason from document_revocations where kind = ${kind} and source_id = ${id}`,
        ),
      );
      return row ?? null;
    },

    /**
     * Revokes an issued reference in one transaction: its order is locked while it is read (still prepared), and the
     * revocation is added unless there is one. `describe` gets the change (its audit row) once it is made.
     */
    async revoke(
      kind: RevocableKind,
      id: number,
      by: number,
      reason: string,
      describe: (change: Change, doc: { number: string; personId: number }) => void,
    ): Promise<'revoked' | 'missing' | 'already'> {
      return changes.transaction(async (tx, change) => {
        const [doc] = rowsOf<{ number: string; personId: number }>(
          await tx.execute(
            sql`select number, student_id as "personId" from document_orders
                where id = ${id} and status = 'prepared' for share`,
          ),
        );
        if (!doc) {
          change.unchanged();
          return 'missing';
        }
        const made = rowsOf<{ kind: string }>(
          await tx.execute(
            sql`insert into document_revocations (kind, source_id, reason, revoked_by)
                values (${kind}, ${id}, ${reason}, ${by}) on conflict do nothing returning kind`,
          ),
        );
        if (!made.length) {
          change.unchanged();
          return 'already';
        }
        describe(change, doc);
        return 'revoked';
      });
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
