import { Readable } from 'node:stream';
import {
  type TeacherWorkload,
  workloadMine,
  workloadMineXlsx,
  workloadTeacher,
  workloadTeachers,
  workloadTeacherXlsx,
} from '@okuu/contracts/workload/workload';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import { type ChangeCache, createChangeCache } from '../../lib/change-cache.ts';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { JournalService } from '../journal/journal.service.ts';
import { workloadXlsx } from './workload.export.ts';
import { createWorkloadRepository } from './workload.repository.ts';
import { createWorkloadService, type WorkloadService } from './workload.service.ts';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fileName = (w: { teacher: { name: string }; year: number; ws: number }) =>
  `workload-${w.teacher.name}-${w.year}-${w.ws}.xlsx`.replace(/[^\p{L}\p{N}._-]+/gu, '_');

type Lang = 'ru' | 'kg' | 'en';

export function workloadRoutes(service: WorkloadService, workbooks: ChangeCache<Buffer>): Binding[] {
  // A workbook is made once per teacher, half-year, language and day, and kept a minute (dropped on a change).
  async function xlsxReply(w: TeacherWorkload, lang: Lang) {
    const key = `${w.teacher.id}/${w.year}/${w.ws}/${lang}/${w.asOf}`;
    const bytes = await workbooks.get(key, () => workloadXlsx(w, lang));
    return new FileReply(Readable.from(bytes), bytes.length, xlsxType, fileName(w));
  }
  return [
    bind(workloadMine, async ({ input, user }) => service.mine(user, input)),
    bind(workloadMineXlsx, async ({ input, user }) => xlsxReply(await service.mine(user, input), input.lang)),
    bind(workloadTeachers, async ({ input }) => service.teachers(input)),
    bind(workloadTeacher, async ({ input }) => service.teacher(input)),
    bind(workloadTeacherXlsx, async ({ input }) => xlsxReply(await service.teacher(input), input.lang)),
  ];
}

/** Teachers' workload: planned hours from the timetable, given hours from the journal, what remains. */
export function workloadModule(
  p: Platform,
  deps: {
    halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>;
    lessonCounts: JournalService['lessonCounts'];
  },
) {
  const service = createWorkloadService({ repo: createWorkloadRepository(p.db), now: p.now, ...deps });
  const workbooks = createChangeCache<Buffer>({ ttlMs: 60_000, maxEntries: 500 });
  return { service, routes: workloadRoutes(service, workbooks), forget: () => workbooks.clear() };
}
