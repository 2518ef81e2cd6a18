import { roles } from '@okuu/contracts/endpoint';
import type { StudentGroup } from '@okuu/contracts/misc/groups';
import { academicYearName, defaultAcademicYear, type Period, yearOptions } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/session.ts';
import { validationError } from '../../lib/validation.ts';
import type { MiscRepository } from './misc.repository.ts';

/** A student keeps their group for the years of study: courses 1 to 5 (part-time programmes take five years). */
const maxCourse = 5;

export function createMiscService(deps: {
  repo: MiscRepository;
  /** Today's year and half-year (the calendar's home is the settings module). */
  currentPeriod: () => Promise<Period>;
  now?: () => Date;
}) {
  const { repo, currentPeriod } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    years: () => yearOptions(now()),
    defaultYear() {
      const id = defaultAcademicYear(now());
      return { id, name: academicYearName(id) };
    },
    currentPeriod,

    /**
     * misc/getgroups: a student's groups in an academic year (default: the current one). A student may ask about
     * themself only; a teacher about a student of a group they teach that year; staff about anyone.
     */
    async studentGroups(user: AuthUser, input: { id_a_year?: number; id_student?: number }): Promise<StudentGroup[]> {
      const studentId = input.id_student ?? (user.role === roles.student ? user.id : undefined);
      if (studentId === undefined) throw validationError([{ path: ['id_student'], rule: 'required' }]);
      if (user.role === roles.student && studentId !== user.id) {
        throw new AppError('forbidden', 'A student may see only their own groups.');
      }
      const group = await repo.studentGroup(studentId);
      if (!group) throw new AppError('not_found', `There is no student ${studentId}.`);
      const year = input.id_a_year ?? (await currentPeriod()).year;
      if (user.role === roles.teacher && !(await repo.teachesGroup(user.id, group.groupId, year))) {
        throw new AppError('forbidden', 'You do not teach this student in that academic year.');
      }
      const course = year - group.admissionYear + 1;
      if (course < 1 || course > maxCourse) return [];
      return [{ id_group: group.groupId, name: group.name, id_a_year: year, course, studyForm: group.studyForm }];
    },

    photoKey: (userId: number) => repo.photoKey(userId),
    faculties: () => repo.faculties(),
  };
}

export type MiscService = ReturnType<typeof createMiscService>;
