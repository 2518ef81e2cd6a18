import { Readable } from 'node:stream';
import {
  workloadMine,
  workloadMineXlsx,
  workloadTeacher,
  workloadTeachers,
  workloadTeacherXlsx,
} from '@okuu/contracts/workload/workload';
import type { HalfYear } from '../../lib/academic-calendar.ts';
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

async function xlsxReply(w: Parameters<typeof workloadXlsx>[0], lang: 'ru' | 'kg' | 'en') {
  const bytes = await workloadXlsx(w, lang);
  return new FileReply(Readable.from(bytes), bytes.length, xlsxType, fileName(w));
}

export function workloadRoutes(service: WorkloadService): Binding[] {
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
  return { service, routes: workloadRoutes(service) };
}
