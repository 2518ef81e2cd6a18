import { randomInt } from 'node:crypto';
import { auditLimits } from '@okuu/contracts/staff/audit';
import { type IssuedCredentials, type Person, peopleLimits } from '@okuu/contracts/staff/people';
import { AppError } from '../../lib/app-error.ts';
import type { Change } from '../../lib/changes.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type AuthUser, userSessions } from '../../lib/session.ts';
import { validationError } from '../../lib/validation.ts';
import type { RecordGroupMoves } from '../card/card.service.ts';
import type { AuditFilter, PeopleFilter, StaffQueries, StaffRepository } from './staff.repository.ts';

const loginPrefix: Record<number, string> = { 1: 'tch', 2: 'stu', 3: 'stf' };
// No look-alikes (0/O, 1/l/I): the slip is read off paper and typed in.
const lower = 'abcdefghjkmnpqrstuvwxyz';
const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const digitsSet = '23456789';

const pick = (set: string) => set[randomInt(set.length)] as string;

/** A password that passes strongPassword: 10 characters with an upper-case and a lower-case letter and a digit. */
export function issuedPassword(): string {
  const all = lower + upper + digitsSet;
  const chars = [pick(lower), pick(upper), pick(digitsSet), ...Array.from({ length: 7 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

type Found = NonNullable<Awaited<ReturnType<StaffQueries['findPerson']>>>;

function toPerson(p: Found): Person {
  const { blockedAt, createdAt, ...rest } = p;
  return {
    ...rest,
    blocked: blockedAt !== null,
    blockedAt: blockedAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
  };
}

/** What the audit keeps of a person: the fields staff change (never a password). */
function snapshot(p: Person) {
  return {
    login: p.login,
    role: p.role,
    group: p.group,
    newsPerms: p.newsPerms,
    blocked: p.blocked,
    mustChangeCredentials: p.mustChangeCredentials,
  };
}

const notFound = () => new AppError('not_found', 'There is no such person.');

export function createStaffService(deps: {
  repo: StaffRepository;
  /** Records a student's group moves in the change that makes them (the personal card's group history). */
  recordGroupMoves: RecordGroupMoves;
}) {
  const { repo } = deps;

  /** A login nobody has: the role's prefix and six digits. */
  async function freshLogin(q: StaffQueries, role: number): Promise<string> {
    for (;;) {
      const login = `${loginPrefix[role] ?? 'usr'}${randomInt(100_000, 1_000_000)}`;
      if (!(await q.loginTaken(login))) return login;
    }
  }

  /**
   * Changes a person in one transaction: locks the row, applies `change`, reads the person again and records before
   * and after for the audit log. Sessions carry the person's details (group, news permission, blocked): every
   * instance looks them up afresh, and their chat sockets are checked again.
   */
  async function change(
    id: number,
    action: (before: Person) => string,
    apply: (q: StaffQueries, before: Person, change: Change) => Promise<void>,
  ): Promise<Person> {
    return repo.transaction(async (q, change) => {
      if (!(await q.lockPerson(id))) throw notFound();
      const before = toPerson((await q.findPerson(id)) as Found);
      await apply(q, before, change);
      const after = toPerson((await q.findPerson(id)) as Found);
      change.audit({
        action: action(before),
        targetType: 'person',
        targetId: id,
        targetName: after.fullName,
        before: snapshot(before),
        after: snapshot(after),
      });
      change.announce('sessions', userSessions(id));
      return after;
    });
  }

  const notSelf = (actor: AuthUser, id: number, what: string) => {
    if (actor.id === id) throw new AppError('conflict', `Staff cannot ${what} their own account.`);
  };

  return {
    async search(f: PeopleFilter, page: number) {
      const { rows, total } = await repo.searchPeople(f, page, peopleLimits.pageSize);
      return {
        items: rows.slice(0, peopleLimits.pageSize),
        page,
        pageSize: peopleLimits.pageSize,
        hasMore: rows.length > peopleLimits.pageSize,
        total,
      };
    },

    options: () => repo.options(),

    async person(id: number): Promise<Person> {
      const found = await repo.findPerson(id);
      if (!found) throw notFound();
      return toPerson(found);
    },

    async create(input: {
      role: number;
      lastName: string;
      firstName: string;
      patronymic: string;
      id_group: number | null;
      id_department: number | null;
      id_position: number | null;
    }): Promise<{ person: Person; credentials: IssuedCredentials }> {
      const password = issuedPassword();
      const passwordHash = await hashPassword(password);
      return repo.transaction(async (q, change) => {
        // The contract made sure the role's fields are there; here they must name real records.
        const unknown: string[] = [];
        if (input.role === 2 && !(await q.groupExists(input.id_group as number))) unknown.push('id_group');
        if (input.role === 1) {
          if (!(await q.departmentExists(input.id_department as number))) unknown.push('id_department');
          if (!(await q.positionExists(input.id_position as number))) unknown.push('id_position');
        }
        if (unknown.length) throw validationError(unknown.map((path) => ({ path: [path], rule: 'unknown_record' })));
        const login = await freshLogin(q, input.role);
        const id = await q.insertPerson({
          role: input.role,
          login,
          passwordHash,
          lastName: input.lastName,
          firstName: input.firstName,
          patronymic: input.patronymic || null,
        });
        if (input.role === 2) await q.insertStudentProfile(id, input.id_group as number);
        else await q.insertTeacherProfile(id, input.id_department as number, input.id_position as number);
        const person = toPerson((await q.findPerson(id)) as Found);
        change.audit({
          targetType: 'person',
          targetId: id,
          targetName: person.fullName,
          before: null,
          after: snapshot(person),
        });
        return { person, credentials: { login, password } };
      });
    },

    /** Sessions carry the group: every instance looks the student up afresh. */
    move(id: number, groupId: number): Promise<Person> {
      return change(
        id,
        () => 'person.move',
        async (q, before, change) => {
          if (before.role !== 2) throw new AppError('conflict', 'Only a student can be moved to a group.');
          if (!(await q.groupExists(groupId))) throw validationError([{ path: ['id_group'], rule: 'unknown_record' }]);
          await q.setGroup(id, groupId);
          await deps.recordGroupMoves(change, [
            { studentId: id, fromGroupId: before.groupId, toGroupId: groupId, source: 'staff' },
          ]);
        },
      );
    },

    /** Sessions carry the news permission: it takes effect at once on every instance. */
    setNewsPerms(id: number, on: boolean): Promise<Person> {
      return change(
        id,
        () => 'person.newsPerms',
        (q) => q.setNewsPerms(id, on),
      );
    },

    /** Blocks or unblocks; blocking revokes every session in the same transaction, then every instance is told. */
    async setBlocked(actor: AuthUser, id: number, blocked: boolean): Promise<Person> {
      if (blocked) notSelf(actor, id, 'block');
      return change(
        id,
        () => (blocked ? 'person.block' : 'person.unblock'),
        async (q) => {
          await q.setBlocked(id, blocked);
          if (blocked) await q.revokeSessions(id);
        },
      );
    },

    /** New issued credentials (LOG_PAS 1): the old ones stop working and every session ends. */
    async resetCredentials(actor: AuthUser, id: number): Promise<IssuedCredentials> {
      notSelf(actor, id, 'reset the credentials of');
      const password = issuedPassword();
      const passwordHash = await hashPassword(password);
      let login = '';
      await change(
        id,
        () => 'person.resetCredentials',
        async (q, before) => {
          login = await freshLogin(q, before.role);
          await q.setIssuedCredentials(id, login, passwordHash);
          await q.revokeSessions(id);
        },
      );
      return { login, password };
    },

    async audit(f: AuditFilter, page: number) {
      const { rows, total, actors } = await repo.auditPage(f, page, auditLimits.pageSize);
      return {
        items: rows.slice(0, auditLimits.pageSize).map((r) => ({ ...r, at: r.at.toISOString() })),
        page,
        pageSize: auditLimits.pageSize,
        hasMore: rows.length > auditLimits.pageSize,
        total,
        actors,
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
