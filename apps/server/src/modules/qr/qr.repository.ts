import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { qrAttemptResults } from '../../db/schema/qr.ts';
import { newSessionSecret } from './qr.token.ts';

/** An attempt's outcome as qr_attempts keeps it: accepted, or the reason it was refused (a forged code is not kept). */
export type AttemptResult = Exclude<(typeof qrAttemptResults)[number], 'qr_forged'>;

export interface AttemptRecord {
  sessionId: number;
  studentId: number;
  deviceId: string;
  /** The ticket the attempt came with; null for a projector token used directly. */
  ticket: string | null;
  distanceM: number | null;
  accuracyM: number;
  result: AttemptResult;
  at: Date;
}

/** QR check-in's own rows: the device key, attempts, and what an attempt must know of earlier ones. */
export function createQrRepository(db: Db) {
  const rows = async <T>(query: SQL, on: Db = db): Promise<T[]> =>
    ((await on.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** The key phones' device ids are signed with: made by the first instance that needs it, shared by all. */
    async deviceKey(): Promise<string> {
      await db.execute(
        sql`insert into qr_keys (name, secret) values ('device', ${newSessionSecret()}) on conflict (name) do nothing`,
      );
      const [row] = await rows<{ secret: string }>(sql`select secret from qr_keys where name = 'device'`);
      if (!row) throw new Error('The device key was not stored');
      return row.secret;
    },

    /**
     * Records an attempt. An acceptance is stored only when no other stands for the same student in the session, nor
     * for the same device (two unique keys): false when one does, however many requests race.
     */
    async record(a: AttemptRecord, on: Db = db): Promise<boolean> {
      const inserted = await rows<{ id: number }>(
        sql`insert into qr_attempts (session_id, student_id, device_id, ticket, distance_m, accuracy_m, result, at)
            values (${a.sessionId}, ${a.studentId}, ${a.deviceId}, ${a.ticket}, ${a.distanceM}, ${a.accuracyM},
              ${a.result}, ${a.at.toISOString()})
            on conflict do nothing
            returning id`,
        on,
      );
      return inserted.length > 0;
    },

    /** The student who first came with this ticket on its own phone in the session, or null. */
    async ticketHolder(sessionId: number, ticket: string, deviceId: string): Promise<number | null> {
      const [row] = await rows<{ studentId: number }>(
        sql`select student_id as "studentId" from qr_attempts
            where session_id = ${sessionId} and ticket = ${ticket} and device_id = ${deviceId}
            order by id limit 1`,
      );
      return row?.studentId ?? null;
    },

    /**
     * The student's own acceptance in the session (its distance), and whether the device was accepted for another
     * student, in this session or in any within the last `lockMin` minutes.
     */
    async earlier(q: { sessionId: number; studentId: number; deviceId: string; now: Date; lockMin: number }) {
      const found = await rows<{ mine: boolean; distance: number | null }>(
        sql`select student_id = ${q.studentId} as mine, distance_m as distance from qr_attempts
            where result = 'accepted' and (
              (session_id = ${q.sessionId} and student_id = ${q.studentId})
              or (device_id = ${q.deviceId} and student_id <> ${q.studentId}
                and (session_id = ${q.sessionId}
                  or at > ${q.now.toISOString()}::timestamptz - make_interval(mins => ${q.lockMin}))))
            order by 1 desc limit 1`,
      );
      const mine = found.find((e) => e.mine);
      return { mine: mine ? { distance: mine.distance } : null, deviceTaken: found.length > 0 && !mine };
    },
  };
}

export type QrRepository = ReturnType<typeof createQrRepository>;
