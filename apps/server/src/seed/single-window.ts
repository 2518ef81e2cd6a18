import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documentOrders } from '../db/schema/single-window.ts';

/**
 * A few orders of other demo students, so that staff find a queue: some waiting, some being prepared (an order starts
 * out waiting, as the database requires, and is then taken up).
 */
export async function seedOrders(db: Db, studentIds: readonly number[], staffId: number, now: Date): Promise<number> {
  const hours = (n: number) => new Date(now.getTime() - n * 3_600_000);
  const orders = studentIds.slice(0, 6).map((studentId, i) => ({
    studentId,
    documentTypeId: [1, 2, 3, 1, 4, 5][i] as number,
    regionId: [1, 1, 9, 3, 5, 1][i] as number,
    districtId: [1, 3, 54, 6, 29, 2][i] as number,
    purposeId: [1, 4, 5, 2, 1, 3][i] as number,
    createdAt: hours(60 - i * 9),
    updatedAt: hours(60 - i * 9),
  }));
  if (orders.length === 0) return 0;
  const created = await db.insert(documentOrders).values(orders).returning({ id: documentOrders.id });
  const taken = created.slice(0, 2).map((o) => o.id);
  if (taken.length) {
    await db
      .update(documentOrders)
      .set({ status: 'preparing', changedBy: staffId, updatedAt: hours(2) })
      .where(and(inArray(documentOrders.id, taken), eq(documentOrders.status, 'waiting')));
  }
  return created.length;
}
