import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';
import { academicYears, faculties, halfYears } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';

export function createMiscRepository(db: Db) {
  return {
    async getSetting<T>(key: string): Promise<T | null> {
      const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return (rows[0]?.value as T | undefined) ?? null;
    },

    async putSetting(key: string, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },

    /** The half-year whose dates contain `day` (YYYY-MM-DD), if the calendar has one. */
    async halfYearOn(day: string): Promise<{ academicYearId: number; kind: number } | null> {
      const rows = await db
        .select({ academicYearId: halfYears.academicYearId, kind: halfYears.kind })
        .from(halfYears)
        .where(and(lte(halfYears.startsOn, day), gte(halfYears.endsOn, day)))
        .limit(1);
      return rows[0] ?? null;
    },

    async academicYearOn(day: string): Promise<{ id: number; name: string } | null> {
      const rows = await db
        .select({ id: academicYears.id, name: academicYears.name })
        .from(academicYears)
        .where(and(lte(academicYears.startsOn, day), gte(academicYears.endsOn, day)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Every faculty, by id. */
    async faculties(): Promise<{ id: number; name: string; nameKg: string; nameEn: string; shortName: string }[]> {
      return db
        .select({
          id: faculties.id,
          name: faculties.name,
          nameKg: faculties.nameKg,
          nameEn: faculties.nameEn,
          shortName: faculties.shortName,
        })
        .from(faculties)
        .orderBy(faculties.id);
    },

    async photoKey(userId: number): Promise<string | null> {
      const rows = await db.select({ key: users.photoKey }).from(users).where(eq(users.id, userId));
      return rows[0]?.key ?? null;
    },
  };
}

export type MiscRepository = ReturnType<typeof createMiscRepository>;
