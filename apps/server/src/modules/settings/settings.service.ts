import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AuditAction } from '@okuu/contracts/audit-actions';
import type { ValidationIssue } from '@okuu/contracts/messages';
import { logoImage } from '@okuu/contracts/misc/logo';
import type { AcademicYearRow } from '@okuu/contracts/settings/calendar';
import type { Institution } from '@okuu/contracts/settings/institution';
import { institutionLimits } from '@okuu/contracts/settings/institution';
import { orderWaitingLimits } from '@okuu/contracts/settings/orders';
import { academicYearName, academicYearOf, type HalfYear, type Period } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { Topic } from '../../lib/changes.ts';
import type { UploadedFile } from '../../lib/replies.ts';
import type { Storage } from '../../lib/storage.ts';
import { validationError } from '../../lib/validation.ts';
import type { RoomInput, ServiceInput, SettingsQueries, SettingsRepository } from './settings.repository.ts';

/** The institution's branding (the `branding` setting); its name in the three languages, '' where missing. */
export interface Branding {
  name: string;
  nameKg: string;
  nameEn: string;
  /** Storage key of the logo image, or null for the built-in default. */
  logoKey: string | null;
  width: number;
  fontsize: number;
}

/** The half-year kind of a day the calendar does not cover (spec section 9). */
const unknownHalfYear = 2;

/** The branding the portal shows before anyone set one. */
const defaultBranding: Branding = { name: 'Okuu', nameKg: '', nameEn: '', logoKey: null, width: 30, fontsize: 16 };

/** The logo's address: /logo.image with a version from the stored file's key, so a new logo is fetched anew. */
export function logoAddress(logoKey: string | null): string {
  if (!logoKey) return '';
  return `${logoImage.path}?v=${createHash('sha256').update(logoKey).digest('hex').slice(0, 12)}`;
}

const issue = (path: string, rule: ValidationIssue['rule'], params?: Record<string, string | number>) =>
  validationError([params ? { path: [path], rule, params } : { path: [path], rule }]);

/** A delete refused because other records still refer to the row (a foreign key), or said so by `used`. */
const inUse = (what: string) => new AppError('in_use', `The ${what} is still in use and cannot be deleted.`);

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23503' || e.cause?.code === '23503';
}

/** The image formats a logo may be, by their first bytes. */
function imageKind(head: Buffer): 'png' | 'jpg' | 'webp' | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

/**
 * The university's settings: the institution and its branding, the calendar (from which today's half-year follows),
 * bells and rooms, registration windows and permissions, and services. This module owns their tables; the other
 * modules read the calendar and the branding through it.
 */
export function createSettingsService(deps: { repo: SettingsRepository; storage: Storage; now?: () => Date }) {
  const { repo, storage } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The academic year and half-year of today, per the calendar. Every portal page asks for them, and they change a
   * few times a year: kept a minute, and dropped at once when the calendar changes (topic `calendar`).
   */
  const periods = createChangeCache<Period>({ ttlMs: 60_000, maxEntries: 2 });
  function currentPeriod(): Promise<Period> {
    const day = now().toISOString().slice(0, 10);
    return periods.get(day, async () => {
      const [halfYear, academicYear] = await Promise.all([repo.halfYearOn(day), repo.academicYearOn(day)]);
      const year = academicYear?.id ?? halfYear?.academicYearId ?? academicYearOf(now());
      return { year, yearName: academicYear?.name ?? academicYearName(year), ws: halfYear?.kind ?? unknownHalfYear };
    });
  }

  /** Half-years by year and kind, kept like today's period. */
  const halfYears = createChangeCache<HalfYear | null>({ ttlMs: 60_000, maxEntries: 100 });

  /**
   * The half-year a call asks for: `year` and `ws` as given, each defaulting to today's. One the calendar does not
   * have is refused with 404.
   */
  async function halfYearOf(input: { year?: number; ws?: number }): Promise<HalfYear> {
    const today = input.year === undefined || input.ws === undefined ? await currentPeriod() : null;
    const year = input.year ?? (today as Period).year;
    const ws = input.ws ?? (today as Period).ws;
    const found = await halfYears.get(`${year}/${ws}`, async () => {
      const row = await repo.halfYear(year, ws);
      return row && { year, ws, ...row };
    });
    if (!found) throw new AppError('not_found', `The calendar has no half-year ${ws} in academic year ${year}.`);
    return found;
  }

  /**
   * Runs a change in one transaction with what the audit log says of it (`action`, the target, before and after),
   * announcing `topic` when other modules' caches depend on what it changes.
   */
  function change<T>(
    topic: Topic | null,
    action: AuditAction,
    target: { id?: number | null; name: string },
    apply: (q: SettingsQueries) => Promise<{ before: unknown; after: unknown; result: T }>,
  ): Promise<T> {
    return repo.transaction(async (q, change) => {
      const { before, after, result } = await apply(q);
      change.audit({ action, targetType: 'settings', targetId: target.id, targetName: target.name, before, after });
      if (topic) change.announce(topic);
      return result;
    });
  }

  /** Deletes through `remove`, turning a foreign-key refusal into 409 in_use. */
  async function guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw inUse(what);
      throw err;
    }
  }

  const branding = async (q: SettingsQueries): Promise<Branding> => ({
    ...defaultBranding,
    ...((await q.getSetting<Partial<Branding>>('branding')) ?? {}),
  });
  const toInstitution = (b: Branding): Institution => ({
    name: b.name,
    nameKg: b.nameKg,
    nameEn: b.nameEn,
    width: b.width,
    fontsize: b.fontsize,
    logo: logoAddress(b.logoKey),
  });

  async function yearRow(q: SettingsQueries, year: number): Promise<AcademicYearRow> {
    // One after the other: `q` may be a transaction's, whose client runs one query at a time.
    const row = await q.year(year);
    const halves = await q.halfYears(year);
    if (!row) throw new AppError('not_found', `There is no academic year ${year}.`);
    return { ...row, halfYears: halves.map(({ ws, from, to }) => ({ ws, from, to })) };
  }

  return {
    currentPeriod,
    halfYearOf,
    /** The calendar changed (or may have): the cached periods and half-years go. */
    forgetCalendar() {
      periods.clear();
      halfYears.clear();
    },
    branding: () => branding(repo),
    async electiveRegistration(): Promise<boolean> {
      return (await repo.getSetting<boolean>('electiveRegistration')) === true;
    },

    // Institution.
    async institution(): Promise<Institution> {
      return toInstitution(await branding(repo));
    },
    saveInstitution(input: Omit<Branding, 'logoKey'>) {
      return change('branding', 'settings.institution', { name: 'institution' }, async (q) => {
        await q.lock('settings');
        const before = await branding(q);
        const after = { ...before, ...input };
        await q.putSetting('branding', after);
        return { before, after, result: toInstitution(after) };
      });
    },
    /** Stores the new logo under its own key, then points the branding at it; the old file stays (the audit names it). */
    async uploadLogo(files: UploadedFile[]): Promise<Institution> {
      const sent = files.filter((f) => f.fileName || f.size > 0);
      if (sent.length === 0) throw new AppError('file_required', 'Choose an image file for the logo.');
      if (sent.length > 1) throw validationError([{ path: ['files'], rule: 'too_many', params: { max: 1 } }]);
      const file = sent[0] as UploadedFile;
      if (file.size > institutionLimits.logoMaxBytes) {
        throw AppError.withParams('too_large', 'The logo is too big.', {
          maxMb: institutionLimits.logoMaxBytes / 1024 / 1024,
        });
      }
      const handle = await fs.open(file.tempPath, 'r');
      const head = Buffer.alloc(12);
      try {
        await handle.read(head, 0, 12, 0);
      } finally {
        await handle.close();
      }
      const kind = imageKind(head);
      if (!kind) throw new AppError('unsupported_type', 'The logo must be a PNG, JPEG or WebP image.');
      const key = `branding/logo-${randomBytes(8).toString('hex')}.${kind}`;
      await storage.put(key, await fs.readFile(file.tempPath));
      try {
        return await change('branding', 'settings.logo', { name: 'logo' }, async (q) => {
          await q.lock('settings');
          const before = await branding(q);
          const after = { ...before, logoKey: key };
          await q.putSetting('branding', after);
          return { before: { logoKey: before.logoKey }, after: { logoKey: key }, result: toInstitution(after) };
        });
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
    },

    // Calendar.
    async calendar() {
      const [years, halves, today] = await Promise.all([repo.years(), repo.halfYears(), currentPeriod()]);
      return {
        years: years.map((y) => ({
          ...y,
          halfYears: halves.filter((h) => h.year === y.year).map(({ ws, from, to }) => ({ ws, from, to })),
        })),
        today: { year: today.year, ws: today.ws },
      };
    },
    saveYear(input: { year: number; from: string; to: string }) {
      const name = academicYearName(input.year);
      return change('calendar', 'settings.year', { id: input.year, name }, async (q) => {
        await q.lock('academic_years');
        const other = await q.yearOverlapping(input.year, input.from, input.to);
        if (other) throw issue('from', 'overlaps', other);
        const halves = await q.halfYears(input.year);
        if (halves.length) {
          const from = halves.map((h) => h.from).sort()[0] as string;
          const to = halves
            .map((h) => h.to)
            .sort()
            .at(-1) as string;
          // The year must hold its half-years: its first day at most their first, its last at least their last.
          if (input.from > from) throw issue('from', 'too_big', { max: from });
          if (input.to < to) throw issue('to', 'too_small', { min: to });
        }
        const before = await q.year(input.year);
        await q.upsertYear(input.year, name, input.from, input.to);
        const after = await yearRow(q, input.year);
        return { before, after: { year: after.year, from: after.from, to: after.to }, result: after };
      });
    },
    deleteYear(year: number) {
      return guarded('academic year', () =>
        change('calendar', 'settings.yearDelete', { id: year, name: academicYearName(year) }, async (q) => {
          const before = await q.year(year);
          if (!before) throw new AppError('not_found', `There is no academic year ${year}.`);
          if ((await q.halfYears(year)).length) throw inUse('academic year');
          await q.deleteYear(year);
          return { before, after: null, result: { deleted: true } };
        }),
      );
    },
    saveHalfYear(input: { year: number; ws: number; from: string; to: string }) {
      return change(
        'calendar',
        'settings.halfYear',
        { id: input.year, name: `${academicYearName(input.year)} / ${input.ws}` },
        async (q) => {
          await q.lock('half_years');
          const year = await q.year(input.year);
          if (!year) throw issue('year', 'unknown_record');
          // Within its academic year.
          if (input.from < year.from || input.to > year.to) {
            throw issue(input.from < year.from ? 'from' : 'to', 'out_of_range', { min: year.from, max: year.to });
          }
          const other = await q.halfYearOverlapping(input.year, input.ws, input.from, input.to);
          if (other) throw issue('from', 'overlaps', other);
          const before = (await q.halfYears(input.year)).find((h) => h.ws === input.ws) ?? null;
          await q.upsertHalfYear(input.year, input.ws, input.from, input.to);
          return {
            before,
            after: { year: input.year, ws: input.ws, from: input.from, to: input.to },
            result: await yearRow(q, input.year),
          };
        },
      );
    },
    deleteHalfYear(year: number, ws: number) {
      return guarded('half-year', () =>
        change(
          'calendar',
          'settings.halfYearDelete',
          { id: year, name: `${academicYearName(year)} / ${ws}` },
          async (q) => {
            const before = (await q.halfYears(year)).find((h) => h.ws === ws);
            if (!before) throw new AppError('not_found', `The calendar has no half-year ${ws} in year ${year}.`);
            if (await q.halfYearUsed(year, ws)) throw inUse('half-year');
            await q.deleteHalfYear(year, ws);
            return { before, after: null, result: await yearRow(q, year) };
          },
        ),
      );
    },

    // Bells and rooms.
    async campus() {
      const [slots, rooms, buildings] = await Promise.all([repo.slots(), repo.rooms(), repo.buildings()]);
      return { slots, rooms, buildings };
    },
    saveSlot(input: { id: number; number: number; from: string; to: string }) {
      return change(
        'schedule',
        'settings.slot',
        { id: input.id > 0 ? input.id : null, name: `slot ${input.number}` },
        async (q) => {
          await q.lock('time_slots');
          const before = input.id > 0 ? await q.slot(input.id) : null;
          if (input.id > 0 && !before) throw new AppError('not_found', 'There is no such lesson slot.');
          if (await q.slotNumberTaken(input.id, input.number)) throw issue('number', 'taken');
          const other = await q.slotOverlapping(input.id, input.from, input.to);
          if (other) throw issue('from', 'overlaps', other);
          const id = before ? before.id : await q.insertSlot(input.number, input.from, input.to);
          if (before) await q.updateSlot(id, input.number, input.from, input.to);
          const after = await q.slot(id);
          return { before, after, result: after as NonNullable<typeof after> };
        },
      );
    },
    deleteSlot(id: number) {
      return guarded('lesson slot', () =>
        change('schedule', 'settings.slotDelete', { id, name: `slot ${id}` }, async (q) => {
          const before = await q.slot(id);
          if (!before) throw new AppError('not_found', 'There is no such lesson slot.');
          await q.deleteSlot(id);
          return { before, after: null, result: { deleted: true } };
        }),
      );
    },
    saveRoom(id: number, input: RoomInput) {
      return change(
        'schedule',
        'settings.room',
        { id: id > 0 ? id : null, name: `room ${input.number}` },
        async (q) => {
          await q.lock('rooms');
          const [before] = id > 0 ? await q.rooms(id) : [];
          if (id > 0 && !before) throw new AppError('not_found', 'There is no such room.');
          if (!(await q.buildingExists(input.buildingId))) throw issue('id_building', 'unknown_record');
          if (await q.roomNumberTaken(id, input.buildingId, input.number)) throw issue('number', 'taken');
          const roomId = before ? before.id : await q.insertRoom(input);
          if (before) await q.updateRoom(roomId, input);
          const [after] = await q.rooms(roomId);
          return { before: before ?? null, after, result: after as NonNullable<typeof after> };
        },
      );
    },
    deleteRoom(id: number) {
      return guarded('room', () =>
        change('schedule', 'settings.roomDelete', { id, name: `room ${id}` }, async (q) => {
          const [before] = await q.rooms(id);
          if (!before) throw new AppError('not_found', 'There is no such room.');
          await q.deleteRoom(id);
          return { before, after: null, result: { deleted: true } };
        }),
      );
    },

    // Registration.
    async registration() {
      const [enabled, windows, halfYears, today] = await Promise.all([
        repo.getSetting<boolean>('electiveRegistration'),
        repo.windows(),
        repo.halfYearOptions(),
        currentPeriod(),
      ]);
      return { electiveRegistration: enabled === true, windows, halfYears, today: { year: today.year, ws: today.ws } };
    },
    saveWindow(input: { year: number; ws: number; from: string; to: string; kredits: number }) {
      const name = `${academicYearName(input.year)} / ${input.ws}`;
      return change(null, 'settings.window', { id: input.year, name }, async (q) => {
        if (!(await q.halfYearExists(input.year, input.ws))) throw issue('ws', 'unknown_record');
        const [before] = await q.windows(input.year, input.ws);
        await q.upsertWindow(input.year, input.ws, input.from, input.to, input.kredits);
        const [after] = await q.windows(input.year, input.ws);
        return { before: before ?? null, after, result: after as NonNullable<typeof after> };
      });
    },
    deleteWindow(year: number, ws: number) {
      return change(
        null,
        'settings.windowDelete',
        { id: year, name: `${academicYearName(year)} / ${ws}` },
        async (q) => {
          const [before] = await q.windows(year, ws);
          if (!before) throw new AppError('not_found', 'This half-year has no registration window.');
          await q.deleteWindow(year, ws);
          return { before, after: null, result: { deleted: true } };
        },
      );
    },
    setElectives(enabled: boolean) {
      return change(null, 'settings.electives', { name: 'electiveRegistration' }, async (q) => {
        await q.lock('settings');
        const before = (await q.getSetting<boolean>('electiveRegistration')) === true;
        await q.putSetting('electiveRegistration', enabled);
        return { before, after: enabled, result: { electiveRegistration: enabled } };
      });
    },
    // Orders: how long one may wait before staff are notified (the single window's periodic job reads it).
    async orderWaiting() {
      const hours = await repo.getSetting<number>('orderWaitingHours');
      return { hours: typeof hours === 'number' ? hours : orderWaitingLimits.byDefault };
    },
    saveOrderWaiting(hours: number) {
      return change(null, 'settings.orderWaiting', { name: 'orderWaitingHours' }, async (q) => {
        await q.lock('settings');
        const kept = await q.getSetting<number>('orderWaitingHours');
        const before = typeof kept === 'number' ? kept : orderWaitingLimits.byDefault;
        await q.putSetting('orderWaitingHours', hours);
        return { before, after: hours, result: { hours } };
      });
    },
    // Online lessons: the base address their rooms are made from ('' for none; the webinars module reads it).
    async webinarBase(): Promise<{ base: string }> {
      const base = await repo.getSetting<string>('webinarBase');
      return { base: typeof base === 'string' ? base : '' };
    },
    saveWebinarBase(base: string) {
      return change(null, 'settings.webinarBase', { name: 'webinarBase' }, async (q) => {
        await q.lock('settings');
        const kept = await q.getSetting<string>('webinarBase');
        await q.putSetting('webinarBase', base);
        return { before: typeof kept === 'string' ? kept : '', after: base, result: { base } };
      });
    },
    async permissions(year: number, ws: number) {
      const [students, groups] = await Promise.all([repo.permitted(year, ws), repo.groups()]);
      return { students, groups };
    },
    grant(input: { year: number; ws: number; id_group: number | null; id_student: number | null }) {
      const half = `${academicYearName(input.year)} / ${input.ws}`;
      return change(
        null,
        'settings.permissionGrant',
        { id: input.id_student ?? input.id_group, name: half },
        async (q) => {
          if (!(await q.halfYearExists(input.year, input.ws))) throw issue('ws', 'unknown_record');
          let who: string;
          let added: number;
          if (input.id_group !== null) {
            const group = await q.groupName(input.id_group);
            if (group === null) throw issue('id_group', 'unknown_record');
            who = `group ${group}`;
            added = await q.grant(input.year, input.ws, { groupId: input.id_group });
          } else {
            const student = await q.studentName(input.id_student as number);
            if (student === null) throw issue('id_student', 'unknown_record');
            who = student;
            added = await q.grant(input.year, input.ws, { studentId: input.id_student as number });
          }
          return { before: null, after: { year: input.year, ws: input.ws, who, added }, result: { added } };
        },
      );
    },
    revoke(input: { year: number; ws: number; id_student: number }) {
      const half = `${academicYearName(input.year)} / ${input.ws}`;
      return change(null, 'settings.permissionRevoke', { id: input.id_student, name: half }, async (q) => {
        const who = await q.studentName(input.id_student);
        if (!(await q.revoke(input.year, input.ws, input.id_student))) {
          throw new AppError('not_found', 'This student holds no elective permission in that half-year.');
        }
        return { before: { year: input.year, ws: input.ws, who }, after: null, result: { deleted: true } };
      });
    },

    // Paid services.
    services: () => repo.services(),
    saveService(id: number, input: ServiceInput) {
      const s = input.amountEditable ? input : { ...input, minAmount: input.price, maxAmount: input.price };
      return change(null, 'settings.service', { id: id > 0 ? id : null, name: s.name }, async (q) => {
        await q.lock('paid_services');
        const [before] = id > 0 ? await q.services(id) : [];
        if (id > 0 && !before) throw new AppError('not_found', 'There is no such service.');
        const serviceId = before ? before.id : await q.insertService(s);
        if (before) await q.updateService(serviceId, s);
        const [after] = await q.services(serviceId);
        return { before: before ?? null, after, result: after as NonNullable<typeof after> };
      });
    },
    deleteService(id: number) {
      return guarded('service', () =>
        change(null, 'settings.serviceDelete', { id, name: `service ${id}` }, async (q) => {
          const [before] = await q.services(id);
          if (!before) throw new AppError('not_found', 'There is no such service.');
          await q.deleteService(id);
          return { before, after: null, result: { deleted: true } };
        }),
      );
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
