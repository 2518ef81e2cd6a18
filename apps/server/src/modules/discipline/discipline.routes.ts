import { currentHalfYear, currentYear } from '@okuu/contracts/discipline/current';
import {
  disciplineList,
  groupList,
  semesterList,
  studentDisciplineList,
  studentGroupList,
  studentSemesterList,
  studentsList,
  teachersList,
} from '@okuu/contracts/discipline/lists';
import type { HalfYear, Period } from '../../lib/academic-calendar.ts';
import type { Platform } from '../../lib/platform.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createDisciplineRepository } from './discipline.repository.ts';
import type { DisciplineService } from './discipline.service.ts';
import { createDisciplineService } from './discipline.service.ts';

export function disciplineRoutes(service: DisciplineService): Binding[] {
  return [
    bind(currentHalfYear, async () => ({ ws: (await service.currentPeriod()).ws })),
    bind(currentYear, async () => {
      const { year, yearName } = await service.currentPeriod();
      return { year, name: yearName };
    }),

    bind(disciplineList, async ({ input, user }) => service.teacherDisciplines(user, input)),
    bind(studentDisciplineList, async ({ input, user }) => service.studentDisciplines(user, input)),
    bind(semesterList, async ({ input, user }) => service.teacherSemesters(user, input)),
    bind(studentSemesterList, async ({ input, user }) => service.studentSemesters(user, input)),
    bind(groupList, async ({ input, user }) => service.teacherGroups(user, input)),
    bind(studentGroupList, async ({ input, user }) => service.studentGroups(user, input)),
    bind(studentsList, async ({ input, user }) => service.students(user, input)),
    bind(teachersList, async ({ input, user }) => service.teachers(user, input)),
  ];
}

/** The filter lists: disciplines, semesters, groups, students and teachers. */
export function disciplineModule(
  p: Platform,
  calendar: {
    halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>;
    currentPeriod: () => Promise<Period>;
  },
) {
  const service = createDisciplineService({ repo: createDisciplineRepository(p.db), ...calendar });
  return { service, routes: disciplineRoutes(service) };
}
