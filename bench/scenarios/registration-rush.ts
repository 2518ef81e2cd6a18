import { randomUUID } from 'node:crypto';
import { saveRegistration } from '@okuu/contracts/registration/save';
import pg from 'pg';
import { signInAll, studentLogins } from '../lib/api.ts';
import { analyze } from '../lib/database.ts';
import { assertLocal, percentile } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/**
 * Registration day: `BENCH_RUSH_STUDENTS` (5,000) distinct signed-in students arrive within 90 seconds (fewer students,
 * proportionally less time: the same rate) and each makes 5 saves, one after the other, for the practices of their
 * plan's disciplines, against offerings with fewer seats than demand. Each student wants first the practice of their
 * own group; refused for lack of seats, they try another group's, then a third; a student with nothing left to try
 * presses the button again (the same save, the same Idempotency-Key, as a phone does after a lost reply).
 *
 * The stage is set in the database first, as the registry office would: the half-year's window open, the earlier
 * runs' practice registrations gone, and each practice of the disciplines concerned offered with 60% of the seats
 * its own group's rush students want (at least one). Afterwards the database is checked: no offering holds more
 * registrations than seats (or a counter that disagrees with them), every acknowledged registration is there, and
 * none that was not acknowledged.
 */

const savesPerStudent = 5;
/** Arrivals of 5,000 students are spread over 90 s: the rush must be over within 120 s. */
const fullRampSec = 90;
const fullStudents = 5000;
const seatShare = 0.6;
const practice = 2;
const requestTimeoutMs = 30_000;

interface PracticeOffering {
  id: number;
  teacherId: number;
  groupId: number;
  disciplineId: number;
  semesterId: number;
}

interface RushStudent {
  id: number;
  login: string;
  groupId: number;
  semesterId: number;
  /** The plan's disciplines, each with its practices in the order the student tries them. */
  plan: { disciplineId: number; credits: number; examinationTypeId: number; candidates: PracticeOffering[] }[];
}

interface Outcome {
  ms: number;
  /** 0: no answer (connection error, timeout). */
  status: number;
  code: string | null;
  registrationId: number | null;
}

/** A small deterministic hash, to spread the students' second and third choices. */
const mix = (a: number, b: number) => Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) >>> 0;

/** Sets the stage in one transaction and returns the rush's students with their choices, and the seats offered. */
async function setStage(url: string, logins: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const [period] = (
      await client.query<{ year: number; ws: number }>(
        'SELECT academic_year_id AS year, kind AS ws FROM half_years WHERE current_date BETWEEN starts_on AND ends_on',
      )
    ).rows;
    if (!period) throw new Error('The calendar has no half-year today');
    await client.query(
      `INSERT INTO registration_windows (academic_year_id, half_year_kind, opens_at, closes_at, credit_cap)
       VALUES ($1, $2, now() - interval '1 day', now() + interval '1 day', 35)
       ON CONFLICT (academic_year_id, half_year_kind) DO UPDATE SET
         opens_at = least(registration_windows.opens_at, excluded.opens_at),
         closes_at = greatest(registration_windows.closes_at, excluded.closes_at),
         credit_cap = greatest(registration_windows.credit_cap, excluded.credit_cap)`,
      [period.year, period.ws],
    );
    // Earlier runs' practices go (the seed registers none).
    await client.query(
      'DELETE FROM registrations WHERE academic_year_id = $1 AND half_year_kind = $2 AND lesson_kind_id = $3',
      [period.year, period.ws, practice],
    );

    const students = (
      await client.query<{ id: number; login: string; groupId: number; specialityId: number; semesterId: number }>(
        `SELECT u.id, u.login, sp.group_id AS "groupId", g.speciality_id AS "specialityId", sem.id AS "semesterId"
         FROM users u JOIN student_profiles sp ON sp.user_id = u.id JOIN groups g ON g.id = sp.group_id
         JOIN semesters sem ON sem.number = ($2 - g.admission_year) * 2 + $3
         WHERE u.login = ANY($1)`,
        [logins, period.year, period.ws],
      )
    ).rows;
    const curriculum = (
      await client.query<{
        specialityId: number;
        semesterId: number;
        disciplineId: number;
        credits: number;
        examinationTypeId: number;
      }>(
        `SELECT speciality_id AS "specialityId", semester_id AS "semesterId", discipline_id AS "disciplineId", credits,
           examination_type_id AS "examinationTypeId"
         FROM curriculum WHERE NOT is_elective ORDER BY discipline_id`,
      )
    ).rows;
    const practices = (
      await client.query<PracticeOffering>(
        `SELECT id, teacher_id AS "teacherId", group_id AS "groupId", discipline_id AS "disciplineId",
           semester_id AS "semesterId"
         FROM teaching_assignments
         WHERE academic_year_id = $1 AND half_year_kind = $2 AND lesson_kind_id = $3 AND group_id IS NOT NULL
         ORDER BY id`,
        [period.year, period.ws, practice],
      )
    ).rows;

    const byCourse = new Map<string, PracticeOffering[]>();
    for (const p of practices) {
      const key = `${p.disciplineId}/${p.semesterId}`;
      byCourse.set(key, [...(byCourse.get(key) ?? []), p]);
    }
    const rush: RushStudent[] = students.map((s) => ({
      id: s.id,
      login: s.login,
      groupId: s.groupId,
      semesterId: s.semesterId,
      plan: curriculum
        .filter((c) => c.specialityId === s.specialityId && c.semesterId === s.semesterId)
        .map((c) => {
          const all = byCourse.get(`${c.disciplineId}/${s.semesterId}`) ?? [];
          const own = all.filter((p) => p.groupId === s.groupId);
          const others = all
            .filter((p) => p.groupId !== s.groupId)
            .sort((a, b) => mix(s.id, a.id) - mix(s.id, b.id))
            .slice(0, 2);
          return { ...c, candidates: [...own, ...others] };
        })
        .filter((d) => d.candidates.length > 0),
    }));

    // Seats: 60% of what each practice's own group wants first, at least one, for every practice concerned.
    const firstDemand = new Map<number, number>();
    for (const s of rush) {
      for (const d of s.plan) {
        const first = d.candidates[0] as PracticeOffering;
        firstDemand.set(first.id, (firstDemand.get(first.id) ?? 0) + 1);
      }
    }
    const concerned = [...new Set(rush.flatMap((s) => s.plan.flatMap((d) => d.candidates.map((c) => c.id))))];
    const capacities = concerned.map((id) => Math.max(1, Math.floor(seatShare * (firstDemand.get(id) ?? 0))));
    await client.query(
      `INSERT INTO registration_offerings (teaching_assignment_id, capacity, taken)
       SELECT id, capacity, 0 FROM unnest($1::int[], $2::int[]) AS t(id, capacity)
       ON CONFLICT (teaching_assignment_id) DO UPDATE SET capacity = excluded.capacity, taken = 0`,
      [concerned, capacities],
    );
    await client.query('COMMIT');
    return {
      period,
      rush,
      offerings: concerned,
      seats: capacities.reduce((a, b) => a + b, 0),
      wanted: rush.reduce((n, s) => n + s.plan.length, 0),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** What the database holds afterwards, checked against what the rush was told. */
async function checkDatabase(
  url: string,
  stage: Awaited<ReturnType<typeof setStage>>,
  acknowledged: number[],
): Promise<{ overCapacity: number; counterMismatches: number; missing: number; unacknowledged: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [offerings] = (
      await client.query<{ over: number; drift: number }>(
        `SELECT count(*) FILTER (WHERE o.taken > o.capacity OR c.n > o.capacity)::int AS over,
           count(*) FILTER (WHERE c.n <> o.taken)::int AS drift
         FROM registration_offerings o
         CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM registrations r
           WHERE r.offering_id = o.teaching_assignment_id) c
         WHERE o.teaching_assignment_id = ANY($1)`,
        [stage.offerings],
      )
    ).rows;
    const [present] = (
      await client.query<{ n: number }>('SELECT count(*)::int AS n FROM registrations WHERE id = ANY($1::int[])', [
        acknowledged,
      ])
    ).rows;
    const [unacknowledged] = (
      await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM registrations
         WHERE academic_year_id = $1 AND half_year_kind = $2 AND lesson_kind_id = $3 AND student_id = ANY($4::int[])
           AND NOT (id = ANY($5::int[]))`,
        [stage.period.year, stage.period.ws, practice, stage.rush.map((s) => s.id), acknowledged],
      )
    ).rows;
    return {
      overCapacity: offerings?.over ?? -1,
      counterMismatches: offerings?.drift ?? -1,
      missing: acknowledged.length - (present?.n ?? 0),
      unacknowledged: unacknowledged?.n ?? -1,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

export const registrationRushScenario: Scenario = {
  name: 'registration-rush',
  description: `POST ${saveRegistration.path}: BENCH_RUSH_STUDENTS (5,000) signed-in students arriving within 90 s, 5 saves each, against fewer seats than demand`,
  targets: [
    { metric: 'p99Ms', op: '<', value: 500, label: 'p99 < 500 ms' },
    { metric: 'server5xx', op: '<=', value: 0, label: '0 replies 5xx' },
    { metric: 'errors', op: '<=', value: 0, label: 'no failed request (5xx, no answer, unexpected refusal)' },
    { metric: 'overCapacity', op: '<=', value: 0, label: '0 offerings over capacity (in the database)' },
    { metric: 'missingAcknowledged', op: '<=', value: 0, label: 'every acknowledged registration stored' },
    { metric: 'durationSec', op: '<=', value: 120, label: 'all saves within 120 s' },
  ],
  async run(ctx) {
    const count = ctx.settings.rushStudents;
    if (count > ctx.settings.students - 1) {
      throw new Error(
        `BENCH_RUSH_STUDENTS=${count} needs at least ${count + 1} students in the demo university (BENCH_STUDENTS)`,
      );
    }
    const logins = studentLogins(ctx.settings.students, count);
    ctx.log(`setting the stage for ${logins.length} students`);
    const stage = await setStage(ctx.settings.databaseUrl, logins);
    const students = stage.rush.filter((s) => s.plan.length > 0);
    ctx.log(
      `${students.length} students want ${stage.wanted} practices; ${stage.seats} seats in ${stage.offerings.length} offerings`,
    );
    await analyze(ctx.settings.databaseUrl);

    ctx.log(`signing in ${students.length} students`);
    const tokens = await signInAll(
      ctx.baseUrl,
      students.map((s) => s.login),
      ctx.settings.password,
    );

    const url = new URL(saveRegistration.path, ctx.baseUrl).toString();
    assertLocal(url);
    const outcomes: Outcome[] = [];
    const post = async (token: string, body: string, key: string): Promise<Outcome> => {
      const started = performance.now();
      let outcome: Outcome;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `token=${token}`, 'idempotency-key': key },
          body,
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        const reply = (await res.json().catch(() => null)) as {
          error?: { code?: string } | null;
          data?: { registration?: { id_disciplineForStudent?: number } } | null;
        } | null;
        outcome = {
          ms: performance.now() - started,
          status: res.status,
          code: reply?.error?.code ?? null,
          registrationId: reply?.data?.registration?.id_disciplineForStudent ?? null,
        };
      } catch {
        outcome = { ms: performance.now() - started, status: 0, code: null, registrationId: null };
      }
      outcomes.push(outcome);
      return outcome;
    };

    /** One student: the plan's practices in turn, the next choice after a full one, 5 saves in all. */
    const rushOf = async (s: RushStudent, token: string) => {
      let made = 0;
      let last: { body: string; key: string } | null = null;
      for (const d of s.plan) {
        for (const offering of d.candidates) {
          if (made === savesPerStudent) return;
          const body = JSON.stringify({
            id_a_year: stage.period.year,
            ws: stage.period.ws,
            id_semester: s.semesterId,
            id_discipline: d.disciplineId,
            id_teacher: offering.teacherId,
            subgroup: offering.id,
            id_vid_zaniatiy: practice,
            kredits: d.credits,
            id_examination: d.examinationTypeId,
            isSelect: false,
          });
          last = { body, key: randomUUID() };
          const outcome = await post(token, last.body, last.key);
          made++;
          if (outcome.code !== 'no_seats') break;
        }
      }
      // Nothing left to try: the button is pressed again (the same save, the same key).
      while (made < savesPerStudent && last) {
        await post(token, last.body, last.key);
        made++;
      }
    };

    const rampMs = (fullRampSec * 1000 * students.length) / fullStudents;
    ctx.log(
      `the rush: ${students.length} students arriving over ${Math.round(rampMs / 1000)} s, ${savesPerStudent} saves each`,
    );
    const startedAt = performance.now();
    await Promise.all(
      students.map(async (s, i) => {
        const at = (i * rampMs) / students.length;
        await new Promise((resolve) => setTimeout(resolve, at));
        await rushOf(s, tokens[i] as string);
      }),
    );
    const durationSec = (performance.now() - startedAt) / 1000;

    const acknowledged = [
      ...new Set(outcomes.filter((o) => o.status === 200 && o.registrationId !== null).map((o) => o.registrationId)),
    ] as number[];
    ctx.log(`checking the database (${acknowledged.length} acknowledged registrations)`);
    const db = await checkDatabase(ctx.settings.databaseUrl, stage, acknowledged);

    const latencies = Float64Array.from(outcomes.map((o) => o.ms)).sort();
    const server5xx = outcomes.filter((o) => o.status >= 500).length;
    const noAnswer = outcomes.filter((o) => o.status === 0).length;
    const noSeats = outcomes.filter((o) => o.status === 409 && o.code === 'no_seats').length;
    const unexpected = outcomes.filter(
      (o) => o.status !== 0 && o.status < 500 && o.status !== 200 && !(o.status === 409 && o.code === 'no_seats'),
    ).length;
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      requestsPerSec: round(outcomes.length / durationSec),
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      errors: server5xx + noAnswer + unexpected,
      metrics: {
        p95Ms: Math.round(percentile(latencies, 95)),
        maxMs: Math.round(latencies[latencies.length - 1] ?? 0),
        students: students.length,
        saves: outcomes.length,
        acknowledged: acknowledged.length,
        refusedNoSeats: noSeats,
        server5xx,
        noAnswer,
        unexpectedRefusals: unexpected,
        seats: stage.seats,
        wanted: stage.wanted,
        overCapacity: db.overCapacity,
        counterMismatches: db.counterMismatches,
        missingAcknowledged: db.missing,
        unacknowledgedStored: db.unacknowledged,
        durationSec: round(durationSec),
      },
      details: {
        statuses: Object.fromEntries(
          [...new Set(outcomes.map((o) => `${o.status} ${o.code ?? ''}`.trim()))].map((k) => [
            k,
            outcomes.filter((o) => `${o.status} ${o.code ?? ''}`.trim() === k).length,
          ]),
        ),
      },
    };
  },
};
